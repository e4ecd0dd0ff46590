import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cookieLanguage, withLoginFirstScreen } from './login-first-screen';

// The shape of the built index.html around #root (apps/web/index.html).
const page = `<!doctype html>
<html lang="zh">
  <head><title>PartsPortal</title></head>
  <body>
    <div id="root">
      <div class="boot-splash" role="status">
        <span>PartsPortal</span>
      </div>
    </div>
  </body>
</html>`;

describe('withLoginFirstScreen', () => {
  it('replaces the splash with the login frame, the title escaped, and sets the page language', () => {
    const html = withLoginFirstScreen(page, 'en', 'Parts & <b>Co</b>', '/x".svg');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Parts &amp; &lt;b&gt;Co&lt;/b&gt;</h1>');
    expect(html).toContain('src="/x&quot;.svg"');
    expect(html).not.toContain('boot-splash');
    expect(html).toMatch(/<div id="root"><main class="login-page"[\s\S]*<\/main><\/div>\s*<\/body>/);
    expect(withLoginFirstScreen(page, 'zh', 'T', '/logo.svg')).toContain('<html lang="zh-CN">');
  });

  it('reads the language cookie, zh without one', () => {
    expect(cookieLanguage('a=1; pp_language=es; b=2')).toBe('es');
    expect(cookieLanguage('pp_language=en')).toBe('en');
    expect(cookieLanguage('pp_language=fr')).toBe('zh');
    expect(cookieLanguage(undefined)).toBe('zh');
  });
});

describe('GET /login', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-login-first-screen-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), page);
    t = await createTestApp({
      config: { webDir },
      seed: async (database) => void (await createAccount(database)),
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("sends the account's title in the cookie's language, compressed, never cached for long", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/login?redirect=%2Fcart%2Findex',
      headers: { cookie: 'pp_language=es', 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<h1>Portal de prueba</h1>');
    expect(html).toContain('<html lang="es">');

    const zh = await t.app.inject({ method: 'GET', url: '/LOGIN' });
    expect(zh.headers['content-encoding']).toBeUndefined();
    expect(zh.body).toContain('<h1>测试门户</h1>');
  });

  it('leaves other client-side routes with the plain page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('boot-splash');
    expect(response.body).not.toContain('login-page');
  });
});
