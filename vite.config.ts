import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { formatKb, INITIAL_JS_BUDGET_KB, measureInitialBundle } from './scripts/initial-bundle.mjs';

const apiPort = process.env.PORT ?? '3000';

/** Fails the build when the JavaScript index.html loads up front passes the budget (gzip). */
function initialBundleBudget(): Plugin {
  let outDir = '';
  return {
    name: 'bora-jogar:initial-bundle-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const initial = measureInitialBundle(outDir);
      const summary = `JS inicial (index.html + modulepreloads): ${formatKb(initial.gzipBytes)} gzip, ${initial.files.length} arquivo(s)`;
      if (initial.gzipBytes > INITIAL_JS_BUDGET_KB * 1000) {
        const files = initial.files.map((f) => `  ${f.file}: ${formatKb(f.gzipBytes)}`).join('\n');
        throw new Error(`${summary} passa do orçamento de ${INITIAL_JS_BUDGET_KB} kB.\n${files}`);
      }
      this.info(`${summary} (orçamento ${INITIAL_JS_BUDGET_KB} kB)`);
    },
  };
}

/** The modules the entry needs before React DOM and the app: they stay in the entry chunk. */
const entryModules = /src\/web\/(main\.ts|lib\/(session|api-client|storage|theme|register-service-worker)\.ts)$/;

/**
 * Fewer, larger shared chunks: a page then waits on a handful of files, not on dozens of tiny ones
 * (one per icon, per helper) queued over HTTP/1.1's six connections. Only what a group names moves;
 * dependencies are not dragged along, so React Router stays out of the entry.
 */
const chunkGroups = [
  { name: 'router', test: /node_modules\/react-router\//, priority: 5 },
  { name: 'query', test: /node_modules\/@tanstack\/|src\/web\/(app\/query-provider\.tsx|lib\/query-client\.ts)$/, priority: 4 },
  { name: 'forms', test: /node_modules\/(zod|react-hook-form|@hookform)\//, priority: 3 },
  // The icons of the pages; the loader's own icon and lucide's core stay with the entry.
  {
    name: 'icons',
    test: (id: string) => /node_modules\/lucide-react\/dist\/esm\/icons\//.test(id) && !/\/loader-circle\.m?js$/.test(id),
    priority: 2,
  },
  { name: 'ui', test: (id: string) => /src\/web\/(components|lib)\//.test(id) && !entryModules.test(id), priority: 1 },
];

/**
 * `vite build --ssr entry-server.tsx` (scripts/build.mjs) builds the module the server renders
 * visitor pages with into dist/ssr, next to the browser build; packages stay in node_modules.
 */
const ssrBuild = defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
  build: { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false },
});

const browserBuild = defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), initialBundleBudget()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports understands <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // Groups that leave dependencies behind can run a module before one it needs ("x is not a
    // function" at start-up, seen here); strict execution order keeps the source order.
    rolldownOptions: {
      output: { strictExecutionOrder: true, codeSplitting: { includeDependenciesRecursively: false, groups: chunkGroups } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));
