import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// A feature never imports another feature: what two features share moves down to components/ or lib/.
const featuresDir = new URL('./src/web/features', import.meta.url);
const webFeatures = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const featureZones = webFeatures.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [`./${feature}`],
  message: 'uma feature não importa outra feature; mova o que é comum para components/ ou lib/',
}));

// The server's layers, bottom to top: lib → db, integrations → core → http → modules → app/server/main.
// A module never imports another module: what two modules share is a building block in core/.
const modulesDir = new URL('./src/server/modules', import.meta.url);
const serverModules = fs.existsSync(modulesDir)
  ? fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const serverZones = [
  ...serverModules.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server/modules',
    except: [`./${module}`],
    message: 'um módulo não importa outro módulo; o que é comum vai para core/',
  })),
  { target: './src/server/core', from: ['./src/server/modules', './src/server/http'], message: 'core não depende de módulos nem de http' },
  {
    target: ['./src/server/lib', './src/server/db', './src/server/integrations'],
    from: ['./src/server/core', './src/server/modules', './src/server/http'],
    message: 'lib, db e integrations ficam abaixo de core, http e módulos',
  },
  {
    target: './src/server/lib',
    from: ['./src/server/db', './src/server/integrations'],
    message: 'lib não depende de db nem de integrations',
  },
  { target: './src/server/http', from: './src/server/modules', message: 'http não depende de módulos' },
  {
    target: './src/server/{lib,db,integrations,core,http,modules}/**/!(*.test).ts',
    from: [
      './src/server/app.ts',
      './src/server/server.ts',
      './src/server/main.ts',
      './src/server/bootstrap.ts',
      './src/server/seed-demo.ts',
    ],
    message: 'só o topo (app, server, main) monta as peças',
  },
  // Product code never imports test helpers; tests (*.test.ts) may.
  { target: './src/**/!(*.test).{ts,tsx}', from: './test-support/**/*', message: 'código de produto não importa test-support' },
];

// Web code that ships never imports test code: what is not a `*.test.ts(x)` file nor under src/web/test.
const webProductFiles = ['./src/web/!(test)/**/!(*.test).{ts,tsx}', './src/web/!(*.test).{ts,tsx}'];
const webTestCodeZone = {
  target: webProductFiles,
  from: './src/web/test',
  message: 'o app web não importa código de teste (src/web/test)',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'screenshots/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    // Without a resolver that knows .ts/.tsx, import-x cannot see where an import points and the zones below never fire;
    // without `extensions` and `parsers`, no-cycle never reads a .ts dependency.
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'always'],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The one-way dependency rules of the architecture guide.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/server', './src/web'], message: 'shared não importa server nem web' },
            { target: './src/server', from: './src/web', message: 'o servidor não importa o app web' },
            { target: './src/web', from: './src/server', message: 'o app web não importa o servidor' },
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/app'],
              message: 'components/lib não dependem de features nem de app',
            },
            { target: './src/web/features', from: './src/web/app', message: 'features não dependem de app' },
            ...featureZones,
            ...serverZones,
            webTestCodeZone,
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
);
