#!/usr/bin/env node
// Browser tests (e2e/): real server on a fresh database, system Chromium via playwright-core.
// Without a Chromium the suite is skipped with one loud line, unless REQUIRE_BROWSER_TESTS=1.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

const status = run(process.execPath, [
  join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--config',
  join(root, 'e2e/vitest.config.ts'),
  ...process.argv.slice(2),
]);
process.exit(status);
