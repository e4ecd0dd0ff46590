import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  APP_START_SOURCE,
  antdImportRewrites,
  chunkPackages,
  firstScreenData,
  inlineEntryCss,
  nextFilesData,
  precompress,
  preloadDynamicStart,
  trimAntdStylesheet,
} from './build/build-plugins';
import { contractWithoutZod } from './build/contract-without-zod';
import { shellChunkGroups } from './build/shell-chunks';

// The server (apps/server) listens on 8090 in development; it serves /api and /static.
const serverUrl = 'http://127.0.0.1:8090';

/** A module id of this app, as rolldown names it. */
const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** `@shared/…` is apps/web/src/shared: one spelling from every depth of the feature folders. */
export const sharedAlias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

export default defineConfig({
  plugins: [
    react(),
    antdImportRewrites(),
    contractWithoutZod(fileURLToPath(new URL('../../packages/contract/src', import.meta.url))),
    trimAntdStylesheet(fileURLToPath(new URL('./src', import.meta.url))),
    chunkPackages(),
    inlineEntryCss(),
    preloadDynamicStart(APP_START_SOURCE),
    nextFilesData(APP_START_SOURCE),
    precompress(),
    firstScreenData(fileURLToPath(new URL('.', import.meta.url))),
  ],
  resolve: { alias: sharedAlias },
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/static': serverUrl,
    },
  },
  build: {
    // scripts/check-bundle.mjs reads the manifest to measure what /login loads.
    manifest: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      treeshake: {
        // antd's rc-component packages declare no `sideEffects`, so rolldown keeps every module
        // they import even when nothing uses it: rc-tree's Tree (a class with static fields) came
        // with the four tree helpers antd's Table row selection imports from its index, and
        // rc-table's virtual table with its index. None imports a module for its effect alone
        // (no bare `import '…'`; build-plugins.test.ts checks): −14 to −19.5 KB gzip per page
        // with a table.
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // The dashboard chart's ECharts + zrender are ~505 kB minified together, over the
          // 500 kB chunk limit; zrender (ECharts' canvas renderer library) gets its own chunk,
          // which only the lazy dashboard-chart chunk imports.
          groups: [
            { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/ },
            // The shell every page loads in 8 chunks instead of 48 (build/shell-chunks.ts).
            ...shellChunkGroups({
              entry: source('src/main.tsx'),
              login: source('src/features/auth/login-page.tsx'),
              shell: [
                { chunk: 'shell-start', source: source(APP_START_SOURCE) },
                { chunk: 'shell-layout', source: source('src/app/layout/app-layout.tsx') },
              ],
            }),
          ],
        },
      },
    },
  },
});
