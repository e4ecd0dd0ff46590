// Bundles the server into dist/main.js. The contract package ships TypeScript source, so it is
// bundled in; every other dependency stays in node_modules (native argon2, PGlite's wasm files).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const started = Date.now();
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
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
console.log(`server built: dist/main.js ${(size / 1024).toFixed(0)} KiB in ${Date.now() - started} ms`);
