import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The newest PostgreSQL server binaries of the machine (Debian's layout), or undefined. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')));
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return newest && path.join(root, newest, 'bin');
}

export const canRunThrowawayPostgres = postgresBin() !== undefined;

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on `port`, that the test may stop and start: never
 * the machine's server. initdb refuses root, so as root it runs as the `postgres` user.
 */
export function throwawayPostgres(port: number) {
  const bin = postgresBin();
  if (!bin) throw new Error('nenhum PostgreSQL em /usr/lib/postgresql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bj-pg-fault-'));
  const data = path.join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const run = (command: string, args: string[]) => {
    if (isRoot)
      execFileSync('su', ['postgres', '-c', [path.join(bin, command), ...args.map((arg) => `'${arg}'`)].join(' ')], { stdio: 'ignore' });
    else execFileSync(path.join(bin, command), args, { stdio: 'ignore' });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove() {
      // `pg_ctl status` exits 0 while the server runs (3 when it is stopped): only a running one is stopped.
      const status = isRoot
        ? spawnSync('su', ['postgres', '-c', `${path.join(bin, 'pg_ctl')} -D '${data}' status`], { stdio: 'ignore' }).status
        : spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, 'status'], { stdio: 'ignore' }).status;
      if (status === 0) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
