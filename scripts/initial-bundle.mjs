// The JavaScript a first visit downloads before the app can draw anything: the module script of
// the built index.html, every chunk it modulepreloads and, to be safe, their static imports.
// The build fails above the budget (vite.config.ts); `npm run bench:web` records the figure.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Initial JavaScript budget, gzip, in kB of 1 000 bytes (the unit Vite prints). */
export const INITIAL_JS_BUDGET_KB = 100;

const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;

/** Measures the initial JavaScript of the build in `outDir` (the folder holding index.html). */
export function measureInitialBundle(outDir) {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const queue = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script\b/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && url) queue.push(url.replace(/^\//, ''));
  }
  const seen = new Set();
  const files = [];
  while (queue.length > 0) {
    const file = path.posix.normalize(queue.shift());
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(outDir, file));
    files.push({ file, bytes: code.length, gzipBytes: gzipSync(code).length });
    for (const match of code.toString('utf8').matchAll(staticImport)) {
      const target = match[1];
      if (target.startsWith('.')) queue.push(path.posix.join(path.posix.dirname(file), target));
      else if (target.startsWith('/')) queue.push(target.slice(1));
    }
  }
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/** `72.6 kB` */
export function formatKb(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
