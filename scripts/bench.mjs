// `npm run bench [-- scenario …]`: builds what is missing or stale, then runs bench/run.ts.
// Building first matters: `npm start` (the start-up scenario) would otherwise rebuild inside the
// measurement. The staleness rule is start.mjs's: output older than any of its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  if (!fs.statSync(target).isDirectory()) return fs.statSync(target).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(target, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builds = [
  ['apps/web', 'apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'packages/contract/src']],
  ['apps/server', 'apps/server/dist/main.js', ['apps/server/src', 'packages/contract/src']],
];
for (const [workspace, output, sources] of builds) {
  const built = fs.existsSync(path.join(root, output)) ? fs.statSync(path.join(root, output)).mtimeMs : 0;
  if (built >= Math.max(...sources.map((source) => newestMtime(path.join(root, source))))) continue;
  console.log(`Building ${workspace} …`);
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'bench/run.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
