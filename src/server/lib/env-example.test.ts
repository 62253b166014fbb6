import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';

// .env.example and docs/configuration.md must name exactly the variables the configuration module reads.
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');

const envExample = read('.env.example');
const exampleLines = envExample.split('\n');

/** `NAME=value`, or commented out as `# NAME=value`. */
const assignment = /^(#\s?)?([A-Z][A-Z0-9_]*)=(.*)$/;
/** A value the shell (`set -a; . ./.env`) and Node (`--env-file`) read alike: bare and plain, or in double quotes. */
const portableValue = /^(?:[\w@:/.,+-]*|"[^"$`\\]*")$/;

const exampleNames = exampleLines.flatMap((line) => {
  const match = assignment.exec(line);
  return match ? [match[2]!] : [];
});

/** The variable names in the first column of every table of docs/configuration.md. */
function documentedNames(markdown: string): string[] {
  return markdown.split('\n').flatMap((line) => {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    return [...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
  });
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('.env.example', () => {
  it('names every variable the configuration module reads, once, and nothing else', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(30);
    expect(exampleNames.filter((name, i) => exampleNames.indexOf(name) !== i)).toEqual([]);
    expect([...exampleNames].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('changes nothing when copied to .env: its active lines are the defaults', () => {
    const active = parseEnv(envExample);
    expect(Object.keys(active).length).toBeGreaterThan(0);
    expect(loadConfig(active)).toEqual(loadConfig({}));
  });

  it('holds only comments and assignments that the shell and Node read the same way', () => {
    const odd = exampleLines.filter((line) => {
      if (line === '' || (line.startsWith('#') && !assignment.test(line))) return false;
      const value = assignment.exec(line)?.[3];
      return value === undefined || !portableValue.test(value);
    });
    expect(odd).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  it('documents the same variables as .env.example, each in one table row', () => {
    const documented = documentedNames(read('docs/configuration.md'));
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
    expect([...documented].sort()).toEqual([...exampleNames].sort());
  });
});

describe('the configuration module', () => {
  it('is the only server file that reads the environment', () => {
    const serverDir = path.join(projectRoot, 'src/server');
    const readers = sourceFiles(serverDir)
      .filter((file) => fs.readFileSync(file, 'utf8').includes('process.env'))
      .map((file) => path.relative(serverDir, file));
    expect(readers).toEqual([path.join('lib', 'config.ts')]);
  });
});
