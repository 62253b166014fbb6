import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/** Starts the real entry point with only these variables, the way an operator would. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

describe('starting the server with a wrong deployment', () => {
  it('an unreachable DATABASE_URL: one line in Portuguese naming it and its host, exit 1, no stack trace', () => {
    const { code, stderr } = start({ DATABASE_URL: 'postgres://bora@127.0.0.1:1/bora' });
    expect(code).toBe(1);
    expect(stderr).toBe('Não foi possível conectar ao PostgreSQL de DATABASE_URL (127.0.0.1:1): conexão recusada.');
  });

  it('a public PUBLIC_URL without PAYMENTS: refuses to start, naming PAYMENTS', () => {
    const { code, stderr } = start({ PUBLIC_URL: 'https://borajogar.com.br', DATA_DIR: '/nonexistent/never-created' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Configuração inválida:\n {2}PAYMENTS: obrigatória quando PUBLIC_URL não é local/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
