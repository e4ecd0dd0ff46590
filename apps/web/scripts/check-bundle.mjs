#!/usr/bin/env node
// Brief §6 budget: the JS that /login loads (entry + its static imports + the login route
// chunk and its static imports) must stay <= 250 KB gzip; no chunk may exceed 500 kB minified.
// Reads Vite's manifest (build.manifest = true) and prints a chunk table.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOGIN_BUDGET_GZIP = 250 * 1024;
const CHUNK_LIMIT_MIN = 500 * 1000;
const LOGIN_SOURCE = 'src/features/auth/login-page.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
}

/** A chunk plus everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
if (!manifest[LOGIN_SOURCE])
  throw new Error(`${LOGIN_SOURCE} is not a chunk of its own: is the route still lazy?`);

const loginKeys = closure(LOGIN_SOURCE, closure(entryKey));
const loginFiles = [...new Set([...loginKeys].map((key) => manifest[key].file))].filter((f) =>
  f.endsWith('.js'),
);

const rows = [...new Set(Object.values(manifest).map((c) => c.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, ...sizeOf(file), login: loginFiles.includes(file) }))
  .sort((a, b) => b.min - a.min);

const kb = (n) => (n / 1024).toFixed(1).padStart(8);
console.log('\nchunk                                              min KB  gzip KB  /login');
for (const row of rows)
  console.log(`${row.file.padEnd(48)} ${kb(row.min)} ${kb(row.gzip)}  ${row.login ? 'yes' : ''}`);

const loginGzip = loginFiles.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
console.log(
  `\n/login initial JS: ${loginFiles.length} files, ${(loginGzip / 1024).toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_GZIP / 1024} KB)`,
);

let failed = false;
if (loginGzip > LOGIN_BUDGET_GZIP) {
  console.error(
    `FAIL: /login loads ${(loginGzip / 1024).toFixed(1)} KB gzip of JS, over the ${LOGIN_BUDGET_GZIP / 1024} KB budget`,
  );
  failed = true;
}
for (const row of rows) {
  if (row.min > CHUNK_LIMIT_MIN) {
    console.error(`FAIL: ${row.file} is ${(row.min / 1000).toFixed(0)} kB minified (limit 500 kB)`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
