#!/usr/bin/env node
// Brief §6 budgets, checked after every `vite build` (npm run build fails when one is missed):
// - the JS that /login loads (entry + its static imports + the login route chunk and its static
//   imports) must stay <= 250 KB gzip;
// - no chunk may exceed 500 kB minified;
// - no route's initial JS may exceed 300 KB gzip (issue 18) — reported and listed on every build,
//   but not yet a failure: most signed-in routes miss it. The floor beside it is measured on
//   the same build (issue 18 asks for it where a target is missed): the shell every signed-in
//   route loads before its page (entry, app start, layout: React, antd's core, the router,
//   i18n), and that shell with antd's Table and the Pagination it imports. Once every route
//   meets the target, ROUTE_TARGET_ENFORCED turns it into a failure; CHECK_BUNDLE_ROUTE_TARGET=1
//   enforces it now (to see the list fail);
// - ECharts (echarts + zrender) may only sit in chunks that the charts alone load (the buyer's
//   dashboard, the back office's sales report chart, issue 15 item 6).
// Writes the size table (initial JS per route, every chunk) into docs/PERFORMANCE.md between
// `<!-- web-build:table -->` markers and as JSON to bench/results/web-build.json.
// `node scripts/check-bundle.mjs [distDir]` measures another build folder (default: dist).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const LOGIN_BUDGET_GZIP = 250 * 1024;
const ROUTE_TARGET_GZIP = 300 * 1024;
const ROUTE_TARGET_ENFORCED = process.env.CHECK_BUNDLE_ROUTE_TARGET === '1';
const CHUNK_LIMIT_MIN = 500 * 1000;
const LOGIN_SOURCE = 'src/features/auth/login-page.tsx';
const LAYOUT_SOURCE = 'src/app/layout/app-layout.tsx';
/** main.tsx imports it with import() and index.html preloads its closure (decision 034). */
const APP_START_SOURCE = 'src/app/start-app.tsx';
const ROUTE_TABLE = 'src/app/route-table.ts';
const ECHARTS_PACKAGES = ['echarts', 'zrender'];
/** The package of antd's Table (the floor of a page with a table). */
const TABLE_PACKAGE = '@rc-component/table';
const DASHBOARD_FOLDER = 'src/features/dashboard/';
/** The lazily loaded chart components allowed to load ECharts besides the dashboard. */
const CHART_SOURCES = ['src/features/reports/sales-chart.tsx'];

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(webRoot, '..', '..');
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const packagesPath = join(dist, '.vite', 'chunk-packages.json');
const chunkPackages = existsSync(packagesPath) ? JSON.parse(readFileSync(packagesPath, 'utf8')) : null;

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    const brotli = join(dist, `${file}.br`);
    sizes.set(file, {
      min: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      // Written by the precompress plugin; what a browser that accepts br actually downloads.
      br: existsSync(brotli) ? readFileSync(brotli).length : null,
    });
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

const jsFiles = (keys) =>
  [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
const gzipOf = (files) => files.reduce((sum, file) => sum + sizeOf(file).gzip, 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
if (!manifest[LOGIN_SOURCE])
  throw new Error(`${LOGIN_SOURCE} is not a chunk of its own: is the route still lazy?`);

/** Route path → page source, read from the route table (the single source of the router). */
function routePages() {
  const source = readFileSync(join(webRoot, ROUTE_TABLE), 'utf8');
  const pages = [{ path: '/login', source: LOGIN_SOURCE, signedIn: false }];
  let lastPath = null;
  for (const match of source.matchAll(/path: '([^']+)'|import\('\.\.\/(features\/[^']+)'\)/g)) {
    if (match[1]) lastPath = match[1];
    else if (lastPath) pages.push({ path: lastPath, source: `src/${match[2]}.tsx`, signedIn: true });
  }
  return pages.filter((page) => manifest[page.source]);
}

// A build from before decision 034 (the bench's "before" builds) has no such chunk.
const entryClosure = manifest[APP_START_SOURCE]
  ? closure(APP_START_SOURCE, closure(entryKey))
  : closure(entryKey);
const layoutClosure = closure(LAYOUT_SOURCE);
const routes = routePages().map((page) => {
  const keys = closure(page.source, new Set(entryClosure));
  if (page.signedIn) for (const key of layoutClosure) keys.add(key);
  const files = jsFiles(keys);
  return { path: page.path, page: manifest[page.source].file, files, gzip: gzipOf(files) };
});
const login = routes.find((route) => route.path === '/login');

// The floor under the route target: the shell, and the shell + antd's Table (its chunk found by
// package, since antd's internal chunks have no source key of their own in the manifest).
const shellKeys = new Set([...entryClosure, ...layoutClosure]);
const shellJs = jsFiles(shellKeys);
const shellFiles = shellJs.length;
const shellGzip = gzipOf(shellJs);
const tableKey = Object.keys(manifest).find((key) =>
  (chunkPackages?.[manifest[key].file] ?? []).includes(TABLE_PACKAGE),
);
const shellWithTableGzip = tableKey ? gzipOf(jsFiles(closure(tableKey, new Set(shellKeys)))) : null;

const loginFiles = new Set(login.files);
const chunks = [...new Set(Object.values(manifest).map((c) => c.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({
    file,
    ...sizeOf(file),
    login: loginFiles.has(file),
    echarts: (chunkPackages?.[file] ?? []).some((name) => ECHARTS_PACKAGES.includes(name)),
  }))
  .sort((a, b) => b.min - a.min);

const failures = [];
if (login.gzip > LOGIN_BUDGET_GZIP)
  failures.push(
    `/login loads ${(login.gzip / 1024).toFixed(1)} KB gzip of JS, over the ${LOGIN_BUDGET_GZIP / 1024} KB budget`,
  );
const overTarget = routes.filter((route) => route.gzip > ROUTE_TARGET_GZIP);
if (ROUTE_TARGET_ENFORCED)
  for (const route of overTarget)
    failures.push(
      `${route.path} loads ${(route.gzip / 1024).toFixed(1)} KB gzip of JS, over the ${ROUTE_TARGET_GZIP / 1024} KB target`,
    );
for (const chunk of chunks)
  if (chunk.min > CHUNK_LIMIT_MIN)
    failures.push(`${chunk.file} is ${(chunk.min / 1000).toFixed(0)} kB minified (limit 500 kB)`);

// ECharts check: every lazily loaded unit (route page, layout, lazy component) whose static
// closure pulls in an ECharts chunk must be the dashboard's or one of CHART_SOURCES.
if (!chunkPackages) failures.push('.vite/chunk-packages.json missing: is the chunkPackages plugin on?');
const echartsFiles = new Set(chunks.filter((chunk) => chunk.echarts).map((chunk) => chunk.file));
if (chunkPackages && echartsFiles.size === 0)
  failures.push('no chunk contains ECharts: has the package been renamed? (the check would be blind)');
const echartsOwners = [];
for (const key of Object.keys(manifest)) {
  const chunk = manifest[key];
  if (!chunk.isEntry && !chunk.isDynamicEntry) continue;
  if (!jsFiles(closure(key)).some((file) => echartsFiles.has(file))) continue;
  echartsOwners.push(key);
  if (!key.startsWith(DASHBOARD_FOLDER) && !CHART_SOURCES.includes(key))
    failures.push(`${key} loads ECharts (${[...echartsFiles].join(', ')}); only the charts may`);
}

// --- report ---
const kb = (n) => (n === null ? '–' : (n / 1024).toFixed(1));
console.log('\nroute                          initial JS gzip KB  files');
for (const route of routes)
  console.log(`${route.path.padEnd(30)} ${kb(route.gzip).padStart(18)}  ${route.files.length}`);
console.log('\nchunk                                              min KB  gzip KB    br KB  /login  echarts');
for (const chunk of chunks)
  console.log(
    `${chunk.file.padEnd(48)} ${kb(chunk.min).padStart(8)} ${kb(chunk.gzip).padStart(8)} ${kb(chunk.br).padStart(8)}  ${chunk.login ? 'yes   ' : '      '}  ${chunk.echarts ? 'yes' : ''}`,
  );
console.log(
  `\n/login initial JS: ${login.files.length} files, ${kb(login.gzip)} KB gzip (budget ${LOGIN_BUDGET_GZIP / 1024} KB)`,
);
console.log(
  `Routes over the ${ROUTE_TARGET_GZIP / 1024} KB gzip target: ${overTarget.length} of ${routes.length}${ROUTE_TARGET_ENFORCED ? ' (enforced)' : ' (reported, not enforced)'}`,
);
console.log(
  `Floor: the signed-in shell ${kb(shellGzip)} KB gzip in ${shellFiles} files; with antd's Table (and its Pagination) ${kb(shellWithTableGzip)} KB`,
);
console.log(
  `ECharts chunks: ${[...echartsFiles].join(', ') || '–'}; loaded by ${echartsOwners.join(', ') || '–'}`,
);

const result = {
  date: new Date().toISOString(),
  dist,
  budgets: { loginGzip: LOGIN_BUDGET_GZIP, chunkMin: CHUNK_LIMIT_MIN, routeGzip: ROUTE_TARGET_GZIP },
  overRouteTarget: overTarget.map((route) => route.path),
  login: { gzip: login.gzip, files: login.files },
  routes: routes.map(({ path, page, gzip, files }) => ({ path, page, gzip, files: files.length })),
  floor: { shellGzip, shellFiles, shellWithTableGzip },
  chunks,
  echarts: { chunks: [...echartsFiles], loadedBy: echartsOwners },
  failures,
};
// CHECK_BUNDLE_RESULTS: the tests of this script write elsewhere than the real results.
const resultsPath = process.env.CHECK_BUNDLE_RESULTS ?? join(repoRoot, 'bench', 'results', 'web-build.json');
mkdirSync(dirname(resultsPath), { recursive: true });
writeFileSync(resultsPath, `${JSON.stringify(result, null, 2)}\n`);

/** Chunk names without Vite's content hash, so the table changes only when sizes do. */
const stable = (file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
const table = [
  `/login initial JS: **${kb(login.gzip)} KB gzip** (budget ${LOGIN_BUDGET_GZIP / 1024} KB); largest chunk ${kb(chunks[0].min)} KB minified (limit ${CHUNK_LIMIT_MIN / 1000} kB); ECharts only in ${[...echartsFiles].map(stable).join(' + ')}, loaded by ${echartsOwners.join(', ')}. ${failures.length ? `**FAILED:** ${failures.join('; ')}` : 'All budgets met.'}`,
  '',
  `Route target ${ROUTE_TARGET_GZIP / 1024} KB gzip (issue 18; reported, ${ROUTE_TARGET_ENFORCED ? 'enforced' : 'not yet enforced'}): ${overTarget.length} of ${routes.length} routes over it${overTarget.length ? ` (smallest over: ${kb(Math.min(...overTarget.map((route) => route.gzip)))} KB, largest: ${kb(Math.max(...overTarget.map((route) => route.gzip)))} KB)` : ''}. The floor on the same build: every signed-in route loads the shell (entry, app start, layout: React, antd's core, the router, i18n) of **${kb(shellGzip)} KB** in ${shellFiles} files before its page${shellWithTableGzip === null ? '' : `; the shell with antd's Table (and the Pagination it imports) is **${kb(shellWithTableGzip)} KB**, so no page with an antd table can meet the target on this stack`}.`,
  '',
  'Initial JS per route (entry + layout + page chunks and their static imports; locale packs and lazy components such as the dashboard chart come on top):',
  '',
  '| route | initial JS (gzip KB) | files |',
  '| --- | ---: | ---: |',
  ...routes.map((route) => `| ${route.path} | ${kb(route.gzip)} | ${route.files.length} |`),
  '',
  'Every chunk:',
  '',
  '| chunk | minified KB | gzip KB | brotli KB (served) | on /login | ECharts |',
  '| --- | ---: | ---: | ---: | :---: | :---: |',
  ...chunks.map(
    (chunk) =>
      `| ${stable(chunk.file)} | ${kb(chunk.min)} | ${kb(chunk.gzip)} | ${kb(chunk.br)} | ${chunk.login ? 'yes' : ''} | ${chunk.echarts ? 'yes' : ''} |`,
  ),
].join('\n');

// Only the default build (npm run build) documents itself; experiments in other folders do not.
if (dist === resolve(webRoot, 'dist') || process.env.WEB_BUILD_DOCS === '1') {
  const docPath = join(repoRoot, 'docs', 'PERFORMANCE.md');
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Performance\n';
  const inner = /<!-- web-build:table -->[\s\S]*?<!-- \/web-build:table -->/;
  const generated = `<!-- web-build:table -->\n${table}\n<!-- /web-build:table -->`;
  const next = inner.test(doc)
    ? doc.replace(inner, () => generated)
    : `${doc.trimEnd()}\n\n<!-- web-build -->\n## Web build\n\nWritten by \`npm run build\` (apps/web/scripts/check-bundle.mjs).\n\n${generated}\n<!-- /web-build -->\n`;
  if (next !== doc) writeFileSync(docPath, next);
}

for (const failure of failures) console.error(`FAIL: ${failure}`);
process.exit(failures.length ? 1 : 0);
