// The stages of `npm test` and `npm run test:quick`: each prints its name when it starts and its outcome and time when it
// ends, and a summary lists them all with the total time.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build.mjs';

export const bin = (name) => path.join(root, 'node_modules/.bin', name);

export function createStages() {
  const startedAt = Date.now();
  /** One row per stage, in the order the summary lists them. */
  const results = [];
  const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(0)}s`;

  function row(label) {
    const entry = { label, outcome: 'FALHOU' };
    results.push(entry);
    return entry;
  }

  /** Takes a stage out of the summary, for one that does not apply to this machine. */
  function drop(entry) {
    results.splice(results.indexOf(entry), 1);
  }

  /**
   * Runs one stage and resolves to whether it passed. Its output goes straight to the terminal, or, with `buffered` (for
   * stages that run side by side), is kept and printed in one piece when the stage ends.
   */
  function run(entry, command, args, env = process.env, { buffered = false } = {}) {
    const started = Date.now();
    console.log(`\n▶ ${entry.label} (aos ${elapsed(startedAt)})`);
    return new Promise((resolve) => {
      const output = [];
      let ended = false;
      const end = (passed, why = '') => {
        if (ended) return;
        ended = true;
        const took = elapsed(started);
        if (buffered) console.log(`\n── ${entry.label}\n${Buffer.concat(output).toString().trimEnd()}`);
        if (why) console.log(why);
        console.log(`━━ ${entry.label}: ${passed ? 'ok' : 'FALHOU'} em ${took} ━━`);
        entry.outcome = passed ? `ok (${took})` : 'FALHOU';
        resolve(passed);
      };
      const child = spawn(command, args, { cwd: root, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
      if (buffered) {
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
      }
      child.once('error', (error) => end(false, error.message));
      child.once('close', (code) => end(code === 0));
    });
  }

  function skip(entry, why) {
    entry.outcome = `PULADO: ${why}`;
    console.log(`⚠ ${entry.label}: pulado (${why})`);
  }

  /** Prints the summary and returns the exit code: 1 when a stage failed, or when one was skipped and skips count. */
  function summarize({ skipsFail = false } = {}) {
    console.log(`\nResumo (${elapsed(startedAt)} no total):`);
    for (const { label, outcome } of results)
      console.log(`  ${outcome.startsWith('ok') ? '✓' : outcome.startsWith('PULADO') ? '⚠' : '✗'} ${label}: ${outcome}`);
    const failed = results.some((r) => r.outcome === 'FALHOU');
    const skipped = results.some((r) => r.outcome.startsWith('PULADO'));
    if (skipped && skipsFail) console.log('\nCI=true: etapas puladas contam como falha.');
    return failed || (skipped && skipsFail) ? 1 : 0;
  }

  return { row, drop, run, skip, summarize };
}
