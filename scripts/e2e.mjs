#!/usr/bin/env node
// Browser tests (e2e/): real server on a fresh database, system Chromium via playwright-core.
// Without a Chromium the suite is skipped with one loud line, unless REQUIRE_BROWSER_TESTS=1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const required = process.env.REQUIRE_BROWSER_TESTS === '1';

if (!existsSync(chromium)) {
  console.warn(`\n!!! SKIPPED browser tests: no Chromium at ${chromium} (set CHROMIUM_PATH)\n`);
  process.exit(required ? 1 : 0);
}

const run = (command, args) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

const built =
  existsSync(join(root, 'apps/web/dist/index.html')) && existsSync(join(root, 'apps/server/dist/main.js'));
// E2E_BASE_URL: run against a server that is already up (debugging); nothing to build then.
if (!process.env.E2E_BASE_URL && (!built || process.env.E2E_REBUILD === '1')) {
  console.log('Building web and server for the browser tests …');
  if (run('npm', ['run', 'build']) !== 0) process.exit(1);
}

const figuresFile = join(root, 'test-results/reliability/log-secrets.pglite.json');
rmSync(figuresFile, { force: true });
// A retried run keeps its first server's log check here, outside the figures folder the
// reliability table reads (scripts/reliability.mjs), so the table shows the final run's.
const firstTryFigures = join(root, 'test-results/e2e/log-secrets-first-try.json');
rmSync(firstTryFigures, { force: true });
// Screens of failed tests (e2e/support/browser.ts), fresh for each run.
rmSync(join(root, 'test-results/e2e/failures'), { recursive: true, force: true });
const vitest = (args) =>
  run(process.execPath, [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    join(root, 'e2e/vitest.config.ts'),
    ...args,
  ]);
let status = vitest(process.argv.slice(2));

/*
 * A browser test that fails for the timing of one run (three CI runs in a row each lost a
 * different e2e file to a 15 s wait that passed in every run before and after) would otherwise
 * throw away a 40-minute CI run. With RETRY_FAILED_E2E_FILES=1 (CI: scripts/test.mjs) the files
 * that failed run once more, alone, on a fresh server and database: a real fault fails again and
 * fails the run; one that passes the second time is listed loudly as flaky in the log, in
 * test-results/e2e-flaky.txt and in npm test's closing summary. The first try's report and
 * server log are kept beside the second's.
 */
const jsonArg = process.argv.slice(2).find((arg) => arg.startsWith('--outputFile.json='));
let firstTryUnchecked = false;
const flakyFile = join(root, 'test-results/e2e-flaky.txt');
rmSync(flakyFile, { force: true });
if (status !== 0 && process.env.RETRY_FAILED_E2E_FILES === '1' && jsonArg && !process.env.E2E_BASE_URL) {
  const report = jsonArg.slice('--outputFile.json='.length);
  const failed = existsSync(report)
    ? JSON.parse(readFileSync(report, 'utf8'))
        .testResults.filter((suite) => suite.status === 'failed')
        .map((suite) => ({
          file: suite.name,
          tests: suite.assertionResults
            .filter((test) => test.status === 'failed')
            .map((test) => `${test.fullName}: ${String(test.failureMessages?.[0] ?? '').split('\n')[0]}`),
        }))
    : [];
  // Only a few files: a run where many failed is broken, not flaky.
  if (failed.length > 0 && failed.length <= 3) {
    const firstTry = (file) => file.replace(/(\.[a-z]+)$/, '-first-try$1');
    renameSync(report, firstTry(report));
    const serverLog = join(root, 'test-results/e2e/server.log');
    if (existsSync(serverLog)) {
      renameSync(serverLog, firstTry(serverLog));
      // What the server said that was not routine, for the failure's time (the second run writes its own log).
      const notable = readFileSync(firstTry(serverLog), 'utf8')
        .split('\n')
        .filter((line) => /"level":(4|5|6)\d/.test(line))
        .slice(-15);
      if (notable.length > 0)
        console.error(
          `\nThe first try's server warnings and errors (last ${notable.length}):\n${notable.join('\n')}`,
        );
    }
    const files = failed.map((suite) => relative(join(root, 'e2e'), suite.file));
    console.error(
      `\n!!! e2e: ${files.length} file(s) failed; running them once more on a fresh server: ${files.join(', ')}\n`,
    );
    // The first try's log check (below) counts too: the second run's teardown overwrites its record.
    mkdirSync(dirname(firstTryFigures), { recursive: true });
    if (existsSync(figuresFile)) renameSync(figuresFile, firstTryFigures);
    else firstTryUnchecked = true;
    const args = process.argv.slice(2).filter((arg) => !arg.endsWith('.e2e.ts'));
    status = vitest([...args, ...files]);
    if (status === 0) {
      const lines = failed.flatMap((suite) => [
        `!!! FLAKY e2e/${relative(join(root, 'e2e'), suite.file)}: failed, then passed alone on a fresh server`,
        ...suite.tests.map((test) => `    first try: ${test.slice(0, 300)}`),
      ]);
      mkdirSync(dirname(flakyFile), { recursive: true });
      writeFileSync(flakyFile, lines.join('\n') + '\n');
      console.error(`\n${lines.join('\n')}\n`);
    }
  }
}
// The global teardown scans the server log for secrets (issue 8, item 6) and records what it
// found; an error thrown there does not always reach vitest's exit code, so the record decides.
let secrets = 0;
if (!process.env.E2E_BASE_URL) {
  // Each server's log (a retried run has two: server-first-try.log and server.log) is checked.
  const checks = [figuresFile, firstTryFigures].filter(existsSync);
  if (firstTryUnchecked || !existsSync(figuresFile)) {
    secrets++;
    console.error(
      '\n!!! log-secrets: an e2e run recorded no log check (test-results/reliability/log-secrets.pglite.json)\n',
    );
  }
  for (const file of checks) {
    const { figures } = JSON.parse(readFileSync(file, 'utf8'));
    const found = figures.passwordsFound + figures.tokenShapedFound;
    secrets += found;
    if (found > 0)
      console.error(
        `\n!!! log-secrets: the e2e server log carries ${found} secret(s) (${file}); see test-results/e2e/\n`,
      );
  }
}
process.exit(status !== 0 || secrets > 0 ? 1 : 0);
