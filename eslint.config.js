// ESLint: type-aware TypeScript rules, React Hooks, jsx-a11y, one file-naming convention and the
// import boundaries of docs/architecture.md. Formatting is Prettier's job (eslint-config-prettier
// turns off the rules that would disagree with it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.output/',
      '.wxt/',
      'web/dist/',
      'dist/',
      '.supabase/',
      'tests/artifacts/',
      'test-results/',
      // Deno code: checked by `deno lint` and `deno check` (scripts/check-functions.ts).
      'supabase/functions/',
      // Generated from the migrations.
      'shared/data/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `void promise` marks a deliberately unawaited promise.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // An async handler on a DOM/React event is fine: React ignores the returned promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The apps report through the UI; scripts, the local stack's CLI and benchmarks print.
    files: ['web/**/*', 'shared/**/*', 'extension/**/*'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error', 'info'] }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // One extension API: the polyfilled `browser` of extension/lib/browser.ts, never a global or WXT's import.
    files: ['extension/**/*.{ts,tsx}'],
    ignores: ['extension/lib/browser.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'chrome', message: 'Use `browser` from extension/lib/browser.ts (webextension-polyfill).' },
        { name: 'browser', message: 'Use `browser` from extension/lib/browser.ts (webextension-polyfill).' },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'wxt/browser', message: 'Use extension/lib/browser.ts: the polyfilled `browser` with its types.' },
            { name: '#imports', importNames: ['browser'], message: 'Use extension/lib/browser.ts.' },
            { name: 'webextension-polyfill', allowTypeImports: true, message: 'Use extension/lib/browser.ts.' },
          ],
        },
      ],
    },
  },

  // React: hooks and accessibility, wherever there is JSX.
  {
    files: ['web/**/*.tsx', 'shared/ui/**/*.tsx', 'extension/**/*.tsx', 'tests/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Memoisation hints for the React Compiler, which this project does not use.
    files: ['web/**/*.tsx', 'shared/ui/**/*.tsx', 'extension/**/*.tsx', 'tests/**/*.tsx'],
    rules: { 'react-hooks/incompatible-library': 'off' },
  },
  {
    files: ['web/**/*.tsx', 'shared/ui/**/*.tsx', 'extension/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },

  // One naming convention: kebab-case files and folders (React components are PascalCase inside).
  {
    files: ['web/**/*', 'shared/**/*', 'extension/**/*', 'supabase/local/**/*', 'scripts/**/*', 'tests/**/*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,mts,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },

  // Import boundaries: shared/ at the bottom; web/ and extension/ above it and never each other;
  // in web/src, app/ (router, providers) at the top, then routes/, then features/, then lib/ and
  // components/; a feature never imports another feature.
  {
    files: ['web/**/*', 'shared/**/*', 'extension/**/*', 'supabase/local/**/*', 'scripts/**/*'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./web', './extension', './supabase', './scripts', './tests'],
              message: 'shared/ is the bottom layer.',
            },
            { target: './extension', from: ['./web', './supabase', './scripts'], message: 'The extension builds on shared/ only.' },
            { target: './web', from: ['./extension', './supabase/local', './tests'], message: 'The web app builds on shared/ only.' },
            {
              target: './web/src/lib',
              from: ['./web/src/app', './web/src/routes', './web/src/features'],
              message: 'lib/ is below routes and features.',
            },
            {
              target: './web/src/components',
              from: ['./web/src/app', './web/src/routes', './web/src/features'],
              message: 'components/ is below routes and features.',
            },
            {
              target: './web/src/routes',
              from: './web/src/app',
              message: 'Routes never import app/: app/ (router, providers, first-load machinery) imports them.',
            },
            {
              target: './web/src/features',
              from: ['./web/src/app', './web/src/routes'],
              message: 'Features never import app/ or routes/.',
            },
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what two share to lib/, components/ or shared/.',
            })),
          ],
        },
      ],
    },
  },
  prettier,
);
