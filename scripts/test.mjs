// `npm test`: every unit and route suite (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set),
// then the browser suite. Suites that cannot run here say so in one loud line; in CI they fail.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printReliabilityTable } from './reliability.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
/** A child process with this one's output (or `stdio`); resolves to its exit status. */
const run = (command, args, env = {}, stdio = 'inherit') =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`\n!!! could not start ${path.basename(args[0] ?? command)}: ${error.message}\n`);
      resolve(1);
    });
  });
/**
 * A run beside another one: its output goes to a file under test-results/, printed in one piece by
 * printLog when it has ended, so the log reads one suite at a time (a hang shows in the file).
 */
const runToLog = async (args, name, env = {}) => {
  const file = path.join(root, 'test-results', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'w');
  try {
    return await run(process.execPath, args, { FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env }, [
      'ignore',
      fd,
      fd,
    ]);
  } finally {
    fs.closeSync(fd);
  }
};
const printLog = (name, title) => {
  console.log(`\n──── ${title} (ran beside the above; test-results/${name}) ────\n`);
  process.stdout.write(fs.readFileSync(path.join(root, 'test-results', name)));
};

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

// Besides the console, each vitest run writes a JSON report; the failures in them are listed
// again at the very end, because a CI log is often read from its tail and the browser suite's
// output would otherwise bury a failed unit test.
const reports = [];
const jsonReport = (name) => {
  const file = path.join(root, 'test-results', `vitest-${name}.json`);
  fs.rmSync(file, { force: true });
  reports.push(file);
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
};

const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');
const projects = (...names) => names.flatMap((name) => ['--project', name]);
const extraArgs = process.argv.slice(2);

if (extraArgs.length > 0 || !process.env.TEST_DATABASE_URL) {
  // A chosen file or option (`npm test -- <file>`), or no PostgreSQL: one vitest run as asked.
  failed +=
    (await run(process.execPath, [vitestBin, 'run', ...jsonReport('unit'), ...extraArgs])) === 0 ? 0 : 1;
} else {
  /*
   * The full run: the PGlite and the PostgreSQL copy of the server suites side by side, each in
   * its own vitest process (one worker that keeps its module cache, decision 030). One vitest
   * with both projects runs one file at a time on this 2-core machine, and the machine was
   * measured 55 % busy through that phase (the PGlite suites keep one core, the PostgreSQL ones
   * wait on the server, the reliability suites wait on timers and children). Decision 032.
   * The bench project (it measures ratios) runs after both, alone.
   */
  const postgres = runToLog(
    [vitestBin, 'run', ...projects('server-postgres'), ...jsonReport('postgres')],
    'vitest-postgres.log',
  );
  const pgliteStatus = await run(process.execPath, [
    vitestBin,
    'run',
    ...projects('contract', 'server', 'web'),
    ...jsonReport('unit'),
  ]);
  const postgresStatus = await postgres;
  printLog('vitest-postgres.log', 'The PostgreSQL server suites');
  const benchStatus = await run(process.execPath, [
    vitestBin,
    'run',
    ...projects('bench'),
    ...jsonReport('bench'),
  ]);
  failed += [pgliteStatus, postgresStatus, benchStatus].filter((status) => status !== 0).length;
}

/*
 * .ci/run sets PP_NODE24_BESIDE_E2E=1: the Node 24 run (scripts/test-node24.mjs: the contract and
 * PostgreSQL server suites on the production runtime) goes beside the browser suite, which keeps
 * the machine ~55 % busy (one page at a time, waiting on renders and the network) — decision 032.
 * It starts after the Node 20 server suites, so the two never make the same cluster-level things
 * (the streaming replica's cluster) at once.
 */
const node24Beside = process.env.PP_NODE24_BESIDE_E2E === '1' && extraArgs.length === 0;
const node24Started = Date.now();
const node24 = node24Beside
  ? runToLog([path.join(root, 'scripts/test-node24.mjs')], 'node24.log')
  : undefined;
// Its JSON report (written by test-node24.mjs) joins the closing summary's failed tests.
if (node24Beside) reports.push(path.join(root, 'test-results', 'vitest-node24.json'));

const e2e = path.join(root, 'scripts/e2e.mjs');
if (fs.existsSync(e2e)) {
  failed +=
    (await run(
      process.execPath,
      [e2e, ...jsonReport('e2e')],
      ci ? { REQUIRE_BROWSER_TESTS: '1', RETRY_FAILED_E2E_FILES: '1' } : {},
    )) === 0
      ? 0
      : 1;
} else {
  console.warn('\n!!! SKIPPED browser tests: scripts/e2e.mjs does not exist yet\n');
}
if (node24) {
  const node24Status = await node24;
  printLog('node24.log', `The Node 24 run, ${Math.round((Date.now() - node24Started) / 1000)} s`);
  if (node24Status !== 0) {
    console.error('\n!!! FAILED the Node 24 run (test-results/node24.log)\n');
    failed++;
  }
}

// The reliability suite ran above as part of the server projects; its figures, once.
const missingFigures = printReliabilityTable({
  since: started,
  databases: process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'],
  withE2e: fs.existsSync(e2e),
});
// A check without figures in a full CI run was skipped or broke before reporting.
if (ci && process.argv.length <= 2 && missingFigures > 0) failed++;

// Browser test files that failed once and passed when run again alone (scripts/e2e.mjs).
const flakyFile = path.join(root, 'test-results', 'e2e-flaky.txt');
const flaky = fs.existsSync(flakyFile)
  ? ['\nFlaky browser tests (passed on the second try):', fs.readFileSync(flakyFile, 'utf8').trimEnd()]
  : [];
// What each failed browser test's pages showed (address, alerts, screenshot name).
const screensFile = path.join(root, 'test-results', 'e2e', 'failures', 'failures.txt');
const screens = fs.existsSync(screensFile)
  ? [
      '\nScreens of failed browser tests (test-results/e2e/failures/):',
      fs.readFileSync(screensFile, 'utf8').trimEnd(),
    ]
  : [];
const summary = [
  ...flaky,
  ...screens,
  ...failedTests(reports),
  ...(ci && process.argv.length <= 2 && missingFigures > 0
    ? [`!!! ${missingFigures} reliability check(s) produced no figures in this run (listed above)`]
    : []),
  failed === 0 ? '\nAll test suites passed.' : `\n${failed} test suite group(s) failed.`,
];
for (const line of summary) console.error(line);
process.exit(failed === 0 ? 0 : 1);

/** One line per failed test (or test file that failed to load) in vitest's JSON reports. */
function failedTests(files) {
  const lines = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    let report;
    try {
      report = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      lines.push(`!!! unreadable test report ${path.relative(root, file)}`);
      continue;
    }
    for (const suite of report.testResults ?? []) {
      const where = path.relative(root, suite.name);
      const failedHere = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedHere) {
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        lines.push(`!!! FAILED ${where} > ${test.fullName}: ${why}`);
      }
      if (suite.status === 'failed' && failedHere.length === 0) {
        lines.push(
          `!!! FAILED ${where}: ${String(suite.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
      }
    }
  }
  return lines.length > 0 ? ['\nFailed tests (from test-results/vitest-*.json):', ...lines] : [];
}
