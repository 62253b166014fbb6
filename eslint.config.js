import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// A feature never imports another feature: what two features share moves down to components/ or lib/.
const featuresDir = new URL('./src/web/features', import.meta.url);
const webFeatures = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  : [];
const featureZones = webFeatures.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [`./${feature}`],
  message: 'uma feature não importa outra feature; mova o que é comum para components/ ou lib/',
}));

// Web code that ships never imports test code: what is not a `*.test.ts(x)` file nor under src/web/test.
const webProductFiles = ['./src/web/!(test)/**/!(*.test).{ts,tsx}', './src/web/!(*.test).{ts,tsx}'];
const webTestCodeZone = { target: webProductFiles, from: './src/web/test', message: 'o app web não importa código de teste (src/web/test)' };

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'screenshots/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    // Without a resolver that knows .ts/.tsx, import-x cannot see where an import points and the zones below never fire.
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'always'],
      // The one-way dependency rules of the architecture guide.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/server', './src/web'], message: 'shared não importa server nem web' },
            { target: './src/server', from: './src/web', message: 'o servidor não importa o app web' },
            { target: './src/web', from: './src/server', message: 'o app web não importa o servidor' },
            { target: ['./src/web/components', './src/web/lib'], from: ['./src/web/features', './src/web/app'], message: 'components/lib não dependem de features nem de app' },
            { target: './src/web/features', from: './src/web/app', message: 'features não dependem de app' },
            ...featureZones,
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
