import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The web build (apps/web/build/build-plugins.ts) writes .br/.gz copies beside each text file;
// the static plugin must pick them by Accept-Encoding and keep the caching rules.
let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-web-static-'));
const script = `export const parts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `04465-${i}`))};`;
const page = `<!doctype html><html lang="en"><title>PartsPortal</title><div id="root"></div>${' '.repeat(2000)}</html>`;

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  const asset = path.join(webDir, 'assets', 'catalog-page-AbC123xy.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(webDir, 'assets', 'tiny-ZzZzZzZz.js'), 'export {}');
  const index = path.join(webDir, 'index.html');
  fs.writeFileSync(index, page);
  fs.writeFileSync(`${index}.br`, brotliCompressSync(page));
  fs.writeFileSync(`${index}.gz`, gzipSync(page));
  t = await createTestApp({ config: { webDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('static web files', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const response = await get('/assets/catalog-page-AbC123xy.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/catalog-page-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/catalog-page-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/assets/tiny-ZzZzZzZz.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {}');
  });

  it('compresses the page itself but makes the browser revalidate it', async () => {
    const root = await get('/', 'br');
    expect(root.headers['content-encoding']).toBe('br');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(root.rawPayload).toString()).toBe(page);

    // A client-side route gets the same page (the router draws it), also never cached for long.
    const route = await get('/product/index?keyword=04465', 'br');
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD on a client-side route like GET, without a body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/order/index' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');

    const missing = await t.app.inject({ method: 'HEAD', url: '/assets/missing-AbC123xy.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
  });
});
