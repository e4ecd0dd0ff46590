// `npm test`: every unit and route suite (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set),
// then the browser suite. Suites that cannot run here say so in one loud line; in CI they fail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printReliabilityTable } from './reliability.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let failed = 0;
const started = new Date();
if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    '\n!!! SKIPPED PostgreSQL suite: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)\n',
  );
  if (ci) {
    console.error('CI must run the PostgreSQL suite: set TEST_DATABASE_URL.');
    failed++;
  }
}

failed +=
  run(process.execPath, [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...process.argv.slice(2),
  ]) === 0
    ? 0
    : 1;

const e2e = path.join(root, 'scripts/e2e.mjs');
if (fs.existsSync(e2e)) {
  failed += run(process.execPath, [e2e], ci ? { REQUIRE_BROWSER_TESTS: '1' } : {}) === 0 ? 0 : 1;
} else {
  console.warn('\n!!! SKIPPED browser tests: scripts/e2e.mjs does not exist yet\n');
}

// The reliability suite ran above as part of the server projects; its figures, once.
const missingFigures = printReliabilityTable({
  since: started,
  databases: process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'],
  withE2e: fs.existsSync(e2e),
});
// A check without figures in a full CI run was skipped or broke before reporting.
if (ci && process.argv.length <= 2 && missingFigures > 0) failed++;

console.log(failed === 0 ? '\nAll test suites passed.' : `\n${failed} test suite group(s) failed.`);
process.exit(failed === 0 ? 0 : 1);
