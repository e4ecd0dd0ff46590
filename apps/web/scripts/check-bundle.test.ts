import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

// check-bundle.mjs on small made-up builds: each budget must fail the build when it is missed.
const script = path.join(import.meta.dirname, 'check-bundle.mjs');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

interface FakeChunk {
  file: string;
  bytes: number | string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  packages?: string[];
}

/** Writes a dist folder with a Vite manifest, the chunk → package map and the chunk files. */
function fakeBuild(chunks: Record<string, FakeChunk>) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-check-bundle-'));
  folders.push(dist);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const manifest: Record<string, unknown> = {};
  const packages: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(chunks)) {
    const body = typeof chunk.bytes === 'string' ? chunk.bytes : randomText(chunk.bytes);
    fs.writeFileSync(path.join(dist, chunk.file), body);
    manifest[key] = {
      file: chunk.file,
      ...(chunk.isEntry ? { isEntry: true } : {}),
      ...(chunk.isDynamicEntry ? { isDynamicEntry: true } : {}),
      imports: chunk.imports ?? [],
    };
    packages[chunk.file] = chunk.packages ?? [];
  }
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dist, '.vite', 'chunk-packages.json'), JSON.stringify(packages));
  return dist;
}

/** Base64 of random bytes: gzip keeps about three quarters of it. */
const randomText = (length: number) => randomBytes(length).toString('base64').slice(0, length);

function check(dist: string) {
  const results = path.join(dist, 'result.json');
  const run = spawnSync(process.execPath, [script, dist], {
    encoding: 'utf8',
    env: { ...process.env, CHECK_BUNDLE_RESULTS: results },
  });
  return { status: run.status, stderr: run.stderr, result: JSON.parse(fs.readFileSync(results, 'utf8')) };
}

const base = (): Record<string, FakeChunk> => ({
  'index.html': { file: 'assets/index-AAAAAAAA.js', bytes: 50_000, isEntry: true, packages: ['react'] },
  // main.tsx imports it with import(); index.html preloads its closure (decision 034).
  'src/app/start-app.tsx': {
    file: 'assets/start-app-GGGGGGGG.js',
    bytes: 5_000,
    isDynamicEntry: true,
    imports: ['_react-dom.js'],
  },
  '_react-dom.js': { file: 'assets/react-dom-HHHHHHHH.js', bytes: 15_000, packages: ['react-dom'] },
  'src/features/auth/login-page.tsx': {
    file: 'assets/login-page-BBBBBBBB.js',
    bytes: 20_000,
    isDynamicEntry: true,
  },
  'src/features/catalog/catalog-page.tsx': {
    file: 'assets/catalog-page-CCCCCCCC.js',
    bytes: 30_000,
    isDynamicEntry: true,
    imports: ['_table.js'],
  },
  '_table.js': { file: 'assets/table-DDDDDDDD.js', bytes: 40_000, packages: ['antd'] },
  'src/features/dashboard/dashboard-chart.tsx': {
    file: 'assets/dashboard-chart-EEEEEEEE.js',
    bytes: 60_000,
    isDynamicEntry: true,
    imports: ['_zrender.js'],
    packages: ['echarts'],
  },
  '_zrender.js': { file: 'assets/zrender-FFFFFFFF.js', bytes: 50_000, packages: ['zrender'] },
});

describe('check-bundle', () => {
  it('passes a build within every budget and measures /login as entry + app start + login chunk', () => {
    const { status, result } = check(fakeBuild(base()));
    expect(result.failures).toEqual([]);
    expect(status).toBe(0);
    expect(result.login.files.sort()).toEqual([
      'assets/index-AAAAAAAA.js',
      'assets/login-page-BBBBBBBB.js',
      'assets/react-dom-HHHHHHHH.js',
      'assets/start-app-GGGGGGGG.js',
    ]);
    // Base64 noise: the four files' 90 kB stay over 65 kB in gzip.
    expect(result.login.gzip).toBeGreaterThan(65_000);
    expect(result.login.gzip).toBeLessThan(90_000);
    expect(result.echarts.loadedBy).toEqual(['src/features/dashboard/dashboard-chart.tsx']);
    const catalogue = result.routes.find((route: { path: string }) => route.path === '/product/index');
    expect(catalogue.files).toBe(5);
  });

  it("measures the floor beside the route target: the signed-in shell, and the shell with antd's Table", () => {
    const chunks = base();
    chunks['src/app/layout/app-layout.tsx'] = {
      file: 'assets/app-layout-IIIIIIII.js',
      bytes: 8_000,
      isDynamicEntry: true,
    };
    chunks['_table.js']!.packages = ['antd', '@rc-component/table'];
    chunks['_table.js']!.imports = ['_pagination.js'];
    chunks['_pagination.js'] = { file: 'assets/pagination-JJJJJJJJ.js', bytes: 20_000, packages: ['antd'] };
    const { status, result } = check(fakeBuild(chunks));
    expect(status).toBe(0);
    const gzipOf = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
    const dist = result.dist as string;
    const size = (file: string) => gzipOf(fs.readFileSync(path.join(dist, file), 'utf8'));
    const shell = ['index-AAAAAAAA', 'start-app-GGGGGGGG', 'react-dom-HHHHHHHH', 'app-layout-IIIIIIII'];
    const shellGzip = shell.reduce((sum, name) => sum + size(`assets/${name}.js`), 0);
    expect(result.floor.shellGzip).toBe(shellGzip);
    expect(result.floor.shellFiles).toBe(shell.length);
    expect(result.floor.shellWithTableGzip).toBe(
      shellGzip + size('assets/table-DDDDDDDD.js') + size('assets/pagination-JJJJJJJJ.js'),
    );
  });

  it('measures a build from before the app start was a chunk of its own as entry + login chunk', () => {
    const chunks = base();
    delete chunks['src/app/start-app.tsx'];
    const { status, result } = check(fakeBuild(chunks));
    expect(status).toBe(0);
    expect(result.login.files.sort()).toEqual(['assets/index-AAAAAAAA.js', 'assets/login-page-BBBBBBBB.js']);
  });

  it('fails when a page outside the dashboard pulls in ECharts', () => {
    const chunks = base();
    chunks['src/features/catalog/catalog-page.tsx']!.imports = ['_table.js', '_zrender.js'];
    const { status, stderr } = check(fakeBuild(chunks));
    expect(status).toBe(1);
    expect(stderr).toContain('src/features/catalog/catalog-page.tsx loads ECharts');
  });

  it('fails when the entry itself carries ECharts', () => {
    const chunks = base();
    chunks['index.html']!.packages = ['react', 'echarts'];
    const { status, stderr } = check(fakeBuild(chunks));
    expect(status).toBe(1);
    expect(stderr).toContain('index.html loads ECharts');
  });

  it('fails when /login is over 250 KB gzip', () => {
    const chunks = base();
    chunks['src/features/auth/login-page.tsx']!.bytes = 300_000;
    const { status, stderr } = check(fakeBuild(chunks));
    expect(status).toBe(1);
    expect(stderr).toMatch(/\/login loads 2\d\d\.\d KB gzip of JS, over the 250 KB budget/);
  });

  it('fails on a chunk over 500 kB minified, even one that compresses well', () => {
    const chunks = base();
    chunks['_table.js']!.bytes = 'x'.repeat(501_000);
    const { status, stderr } = check(fakeBuild(chunks));
    expect(status).toBe(1);
    expect(stderr).toContain('assets/table-DDDDDDDD.js is 501 kB minified (limit 500 kB)');
  });

  it('lists the routes over the 300 KB route target, and fails on them only when it is enforced', () => {
    const chunks = base();
    chunks['src/features/catalog/catalog-page.tsx'] = {
      ...chunks['src/features/catalog/catalog-page.tsx'],
      bytes: 450_000,
    } as FakeChunk;
    const dist = fakeBuild(chunks);
    const reported = check(dist);
    expect(reported.status).toBe(0);
    expect(reported.result.overRouteTarget).toEqual(['/product/index']);
    const results = path.join(dist, 'enforced.json');
    const enforced = spawnSync(process.execPath, [script, dist], {
      encoding: 'utf8',
      env: { ...process.env, CHECK_BUNDLE_RESULTS: results, CHECK_BUNDLE_ROUTE_TARGET: '1' },
    });
    expect(enforced.status).toBe(1);
    expect(enforced.stderr).toMatch(/\/product\/index loads \d{3}\.\d KB gzip of JS, over the 300 KB target/);
  });
});
