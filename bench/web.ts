// `npm run bench:web`: Lighthouse (mobile preset: an emulated mid-range phone on simulated slow 4G)
// on /, /public-games and /login of a fresh production build served by the real server with demo
// data, plus the bundle sizes; rewrites the web section of bench/README.md. Scores move with the
// machine's load: run it on a quiet machine (the script records the load average it saw).
//
//   BENCH_WEB_RUNS=5 npm run bench:web     # runs per page (default 3); the median run is reported
//   BENCH_WEB_REPORTS=/tmp/lh npm run bench:web   # also keeps every Lighthouse report (JSON) there
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath, startDemoServer } from '../scripts/e2e-server';
import { formatKb, INITIAL_JS_BUDGET_KB, measureInitialBundle } from '../scripts/initial-bundle.mjs';
import { buildWeb, root } from '../scripts/build.mjs';

const pages = ['/', '/public-games', '/login'];
const categories = ['performance', 'accessibility', 'best-practices'] as const;
const target = 95;
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const readmePath = path.join(root, 'bench/README.md');
const startMarker = '<!-- web-results:start -->';
const endMarker = '<!-- web-results:end -->';

type Category = (typeof categories)[number];
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Run = {
  scores: Record<Category, number>;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  scriptTransfer: number;
  totalTransfer: number;
  failing: string[];
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const ms = (value: number) => `${(value / 1000).toFixed(1)} s`;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

// 1. A fresh production build (the budget check runs inside it).
console.log('▶ vite build');
buildWeb();

// 2. Bundle sizes.
const outDir = path.join(root, 'dist/web');
const initial = measureInitialBundle(outDir);
const assets = fs.readdirSync(path.join(outDir, 'assets'));
const gzipOf = (ext: string) =>
  assets.filter((f) => f.endsWith(ext)).reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(outDir, 'assets', f))).length, 0);
const jsChunks = assets.filter((f) => f.endsWith('.js')).length;
const totalJs = gzipOf('.js');
const totalCss = gzipOf('.css');

/**
 * One Lighthouse run in a Chrome of its own (nothing cached, no service worker left from the run
 * before); a run whose trace fails (Lighthouse's NO_NAVSTART and friends) is tried once more.
 */
async function audit(url: string, attempt = 1): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: [...chromiumFlags, '--headless=new'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
    if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt >= 2) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    console.warn(`${url}: ${result.lhr.runtimeError.code}, de novo`);
  } finally {
    chrome.kill();
  }
  return audit(url, attempt + 1);
}

// 3. Lighthouse against the real server.
const loadBefore = loadAverage();
const server = await startDemoServer(Number(process.env.BENCH_WEB_PORT_BASE ?? 3400));
const results = new Map<string, Run[]>();
let chromeVersion = '';
try {
  for (const page of pages) {
    const pageRuns: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      const lhr = await audit(`${server.baseURL}${page}`);
      if (process.env.BENCH_WEB_REPORTS) {
        fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
        fs.writeFileSync(
          path.join(process.env.BENCH_WEB_REPORTS, `${page.replace(/\W+/g, '_') || 'root'}-${i + 1}.json`),
          JSON.stringify(lhr),
        );
      }
      chromeVersion = lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '';
      const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const summary =
        (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      const failing = categories.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter(
            (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9 && lhr.audits[ref.id]?.scoreDisplayMode !== 'notApplicable',
          )
          .map((ref) => `${c}: ${ref.id}`),
      );
      const run: Run = {
        scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
        metrics: {
          fcp: numeric('first-contentful-paint'),
          lcp: numeric('largest-contentful-paint'),
          tbt: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          si: numeric('speed-index'),
        },
        scriptTransfer: summary.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
        totalTransfer: summary.find((item) => item.resourceType === 'total')?.transferSize ?? 0,
        failing,
      };
      pageRuns.push(run);
      console.log(
        `${page} #${i + 1}: desempenho ${run.scores.performance}, acessibilidade ${run.scores.accessibility}, boas práticas ${run.scores['best-practices']}` +
          ` (LCP ${ms(run.metrics.lcp)}, TBT ${Math.round(run.metrics.tbt)} ms)` +
          (failing.length > 0 ? `\n    abaixo de 0,9: ${failing.join('; ')}` : ''),
      );
    }
    results.set(page, pageRuns);
  }
} finally {
  await server.stop();
}
const loadAfter = loadAverage();

// 4. The README section.
const mark = (value: number) => (value >= target ? `${value}` : `**${value}** ✗`);
const rows = pages.map((page) => {
  const pageRuns = results.get(page)!;
  const byPerformance = [...pageRuns].sort((a, b) => a.scores.performance - b.scores.performance);
  const mid = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
  const perfRange = `${byPerformance[0]!.scores.performance}–${byPerformance.at(-1)!.scores.performance}`;
  const a11y = median(pageRuns.map((r) => r.scores.accessibility));
  const bp = median(pageRuns.map((r) => r.scores['best-practices']));
  return (
    `| \`${page}\` | ${mark(mid.scores.performance)} (${perfRange}) | ${mark(a11y)} | ${mark(bp)} | ` +
    `${ms(mid.metrics.fcp)} | ${ms(mid.metrics.lcp)} | ${Math.round(mid.metrics.tbt)} ms | ${mid.metrics.cls.toFixed(3)} | ` +
    `${formatKb(mid.scriptTransfer)} | ${formatKb(mid.totalTransfer)} |`
  );
});
const failing = [...new Set([...results.values()].flat().flatMap((r) => r.failing))];
const section = [
  startMarker,
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} CPU(s), load average (1/5/15 min) ${loadBefore} before and ${loadAfter} after;`,
  `Node ${process.version}, Chromium ${chromeVersion}, Lighthouse 12 mobile preset, ${runs} run(s) per page (the run with the median performance score shown; its range in brackets). Target: ${target} in each category.`,
  '',
  '| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | JS transferred | All transferred |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  failing.length > 0
    ? `Audits below 0.9 in some run: ${failing.map((f) => `\`${f}\``).join(', ')}.`
    : 'No weighted audit below 0.9 in any run.',
  '',
  '| Bundle (gzip) | Size |',
  '|---|---|',
  `| Initial JS (index.html: entry + modulepreloads, ${initial.files.length} file(s)); budget ${INITIAL_JS_BUDGET_KB} kB | ${formatKb(initial.gzipBytes)} |`,
  ...initial.files.map((f) => `| &nbsp;&nbsp;\`${f.file.replace(/-[\w-]{8}\.js$/, '.js')}\` | ${formatKb(f.gzipBytes)} |`),
  `| All JS (${jsChunks} chunks) | ${formatKb(totalJs)} |`,
  `| CSS | ${formatKb(totalCss)} |`,
  endMarker,
].join('\n');

const readme = fs.readFileSync(readmePath, 'utf8');
const start = readme.indexOf(startMarker);
const end = readme.indexOf(endMarker);
const next =
  start >= 0 && end > start
    ? `${readme.slice(0, start)}${section}${readme.slice(end + endMarker.length)}`
    : `${readme.trimEnd()}\n\n## Latest web results\n\n${section}\n`;
fs.writeFileSync(readmePath, next);
console.log(`\n${section}\n\nbench/README.md atualizado.`);
