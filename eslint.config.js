import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Web boundaries (issue 12 item 7): an element per feature folder, read from the tree, so a new
// feature is covered without editing this file.
const WEB_SRC = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureType = (name) => `web-feature-${name}`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'apps/server/src/db/migrations/**',
      'examples/integration-client/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['useNavigate', 'createBrowserRouter', 'RouterProvider'],
              message:
                "useNavigate from '@shared/hooks/use-navigate' (the same function across navigations); the app's router is app/router.tsx (decision 037).",
            },
          ],
        },
      ],
    },
  },
  {
    // process.env has exactly one reader on the server: config.ts (house style).
    files: ['apps/server/{src,test}/**/*.ts'],
    // Tests may pass an environment to the child processes they start.
    ignores: ['apps/server/src/config.ts', 'apps/server/{src,test}/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings in config.ts only.' },
      ],
    },
  },
  {
    // Boundaries between parts of the tree, by where an import resolves (eslint-plugin-boundaries):
    // the elements are named here, the rules below say which may not depend on which.
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } },
      'boundaries/elements': [
        { type: 'server-test', pattern: 'apps/server/test' },
        { type: 'server-src', pattern: 'apps/server/src' },
        { type: 'web-app', pattern: `${WEB_SRC}/app` },
        { type: 'web-shared', pattern: `${WEB_SRC}/shared` },
        ...webFeatures.map((name) => ({ type: featureType(name), pattern: `${WEB_SRC}/features/${name}` })),
      ],
    },
  },
  {
    // Server production code never imports test code (apps/server/test); tests beside it may.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'server-src' } },
              disallow: { to: { element: { type: 'server-test' } } },
              message: 'Production code must not import test code (apps/server/test).',
            },
          ],
        },
      ],
    },
  },
  {
    // kebab-case file and folder names (house style); `.routes`, `.test` … are middle extensions.
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Web: features never import each other or the app shell; shared/ never imports a feature or
    // the app. Only app/ (route table, layout) composes features; code two features need moves
    // to shared/. By resolved path, so `../x` and `../../features/x` are both caught.
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            ...webFeatures.map((name) => ({
              from: { element: { type: featureType(name) } },
              disallow: {
                to: {
                  element: {
                    type: [...webFeatures.filter((other) => other !== name).map(featureType), 'web-app'],
                  },
                },
              },
              message: 'A feature imports only itself and shared/: move what two features need to shared/.',
            })),
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { type: ['web-feature-*', 'web-app'] } } },
              message: 'shared/ never imports a feature or the app.',
            },
          ],
        },
      ],
    },
  },
);
