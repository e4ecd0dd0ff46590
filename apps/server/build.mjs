// Bundles the server into dist/main.js. The contract package ships TypeScript source, so it is
// bundled in; every other dependency stays in node_modules (native argon2, PGlite's wasm files).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const started = Date.now();
// Three entries: the server, the job worker process (worker.ts, `npm run worker`), and the
// spreadsheet-parsing worker that the server starts from dist/import-worker.js
// (modules/cart/spreadsheet-reader.ts resolves it beside main.js).
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    // The job worker process (npm run worker; node apps/server/dist/worker.js when built).
    worker: path.join(here, 'src/worker.ts'),
    'import-worker': path.join(here, 'src/modules/cart/import-worker.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  plugins: [
    {
      name: 'bundle-contract',
      setup(builder) {
        builder.onResolve({ filter: /^@partsportal\/contract\// }, (args) => ({
          path: path.join(
            here,
            '..',
            '..',
            'packages',
            'contract',
            'src',
            `${args.path.split('/').pop()}.ts`,
          ),
        }));
      },
    },
  ],
  logLevel: 'warning',
});
const size = fs.statSync(path.join(here, 'dist/main.js')).size;
const workerSize = fs.statSync(path.join(here, 'dist/import-worker.js')).size;
const jobWorkerSize = fs.statSync(path.join(here, 'dist/worker.js')).size;
console.log(
  `server built: dist/main.js ${(size / 1024).toFixed(0)} KiB, dist/import-worker.js ${(workerSize / 1024).toFixed(0)} KiB, dist/worker.js ${(jobWorkerSize / 1024).toFixed(0)} KiB in ${Date.now() - started} ms`,
);
