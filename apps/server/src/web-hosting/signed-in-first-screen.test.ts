import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PAGE_TEXT_KEYS } from './first-screen-pages';
import { cookieToken, scriptJson, sidebarEntries, type FirstScreenData } from './signed-in-first-screen';

// The shape of the built index.html (apps/web/index.html after the build): the app's start's
// module preloads, then the entry script (decision 034).
const page = `<!doctype html>
<html lang="zh">
  <head><title>PartsPortal</title><link rel="modulepreload" crossorigin href="/assets/start-app-AbC.js"><script type="module" crossorigin src="/assets/index-AbC.js"></script></head>
  <body>
    <div id="root">
      <div class="boot-splash" role="status">
        <span>PartsPortal</span>
      </div>
    </div>
  </body>
</html>`;

// What apps/web/build/build-plugins.ts (firstScreenData) writes, cut down to a few routes.
const data: FirstScreenData = {
  routes: [
    {
      path: '/dashboard',
      titleKey: 'route.dashboard',
      preload: ['assets/app-layout-X.js', 'assets/dashboard-page-X.js'],
    },
    {
      path: '/product/index',
      titleKey: 'route.catalog',
      menus: ['1001'],
      preload: ['assets/catalog-page-X.js'],
    },
    { path: '/product/detail', titleKey: 'route.productDetail', menus: ['1001'], hidden: true, preload: [] },
    { path: '/cart/index', titleKey: 'route.cart', menus: ['1006'], preload: ['assets/cart-page-X.js'] },
    {
      path: '/order/index',
      titleKey: 'route.orderSearch',
      menus: ['1002'],
      group: { path: '/order', titleKey: 'route.orderGroup', menus: ['1002'] },
      preload: ['assets/order-list-page-X.js'],
    },
    {
      path: '/finance/account',
      titleKey: 'route.financeAccount',
      menus: ['1004'],
      group: { path: '/finance', titleKey: 'route.finance', menus: ['1004', '1005'] },
      preload: [],
    },
    { path: '/secret/index', titleKey: 'route.secret', menus: ['9999'], preload: [] },
  ],
  texts: {
    en: {
      'route.dashboard': 'Dashboard',
      'route.catalog': 'Catalogue',
      'route.financeAccount': 'Account',
      'route.finance': 'Finance',
      'route.secret': 'Secret',
      'nav.welcome': 'Welcome, {{company}}',
      'nav.sidebar': 'Main navigation',
      'route.cart': 'Shopping Cart',
      'bulk.pastePlaceholder': 'Paste from Excel, e.g.\n04465-33450\t2\n<MD-370>, 4',
      'dashboard.debts': 'Amount owed',
      'dashboard.cartItems': 'Items in cart',
    },
    zh: { 'route.dashboard': '首页', 'nav.welcome': '欢迎，{{company}}' },
  },
  locales: { en: ['assets/en-X.js'], zh: ['assets/zh-X.js'] },
};

let t: TestApp;
let demo: string;
let viewer: string;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-signed-in-first-screen-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(webDir, 'index.html'), page);
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(path.join(webDir, '.vite', 'first-screen.json'), JSON.stringify(data));
  t = await createTestApp({
    config: { webDir },
    seed: async (database) =>
      void (await seedDemoData(database, { parts: 50, seed: 7, passwordHashMemoryKiB: 1024 })),
  });
  [demo, viewer] = await Promise.all([t.login('demo', 'demo1234'), t.login('viewer', 'viewer1234')]);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const open = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

/** The boot data the page carries, parsed as the client does. */
const bootOf = (html: string) => {
  const json = /<script type="application\/json" id="pp-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json
    ? (JSON.parse(json) as {
        userInfo: { name: string; menus: string[] };
        config: { apiUrl: string };
        first?: { path: string; body: object; data: unknown };
      })
    : undefined;
};

describe('signed-in first screen: pieces', () => {
  it('writes JSON that cannot end its script element', () => {
    const text = scriptJson({ name: '</script><script>alert(1)</script>', and: 'a & b', line: '\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({
      name: '</script><script>alert(1)</script>',
      and: 'a & b',
      line: '\u2028',
    });
  });

  it('reads the token cookie among others', () => {
    expect(cookieToken('pp_language=en; pp_token=abc%2Bdef; x=1')).toBe('abc+def');
    expect(cookieToken('pp_tokenx=1')).toBeUndefined();
    expect(cookieToken(undefined)).toBeUndefined();
    expect(cookieToken('pp_token=%E0%A4%A')).toBeUndefined();
  });

  it("lists the menus as the user's codes allow: hidden pages out, groups with their children", () => {
    const user = { menus: ['1004'], roles: ['user'], show_address: false } as never;
    expect(sidebarEntries(data, user).map((entry) => entry.path)).toEqual(['/dashboard', '/finance']);
    const admin = { menus: [], roles: ['admin'], show_address: false } as never;
    expect(sidebarEntries(data, admin).map((entry) => entry.path)).toEqual([
      '/dashboard',
      '/product/index',
      '/cart/index',
      '/order',
      '/finance',
      '/secret/index',
    ]);
  });
});

describe('GET a signed-in page', () => {
  it("draws the shell with the user's welcome line, menus, boot data and preloads; never stored", async () => {
    const response = await open('/product/index?keyword=x', `pp_language=en; pp_token=${demo}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toContain('Cookie');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<p class="welcome">Welcome, Shenzhen Rapid Auto Repair Co., Ltd.</p>');
    expect(html).toContain('<li class="fs-item fs-selected">Catalogue</li>');
    expect(html).toContain('<span class="breadcrumb fs-breadcrumb">Dashboard<i>/</i><b>Catalogue</b></span>');
    expect(html).not.toContain('Secret'); // a code the user does not hold
    expect(html).not.toContain('boot-splash');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/catalog-page-X.js">');
    expect(html).toContain('href="/assets/en-X.js"');
    const boot = bootOf(html);
    expect(boot?.userInfo.name).toBe('Chen Zhiqiang 陈志强');
    expect(boot?.userInfo.menus).toContain('1001');
    expect(boot?.config.apiUrl).toBe('/api');

    const gz = await open('/dashboard', `pp_token=${demo}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const zh = gunzipSync(gz.rawPayload).toString();
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('<li class="fs-item fs-selected">首页</li>');
  });

  it('escapes what the user data holds: a company name cannot break out of the page', async () => {
    await t.database.db.execute(
      sql`update companies set name = ${'</script><script>alert(1)</script><b>'} where id = (select company_id from users where user_id = 'viewer')`,
    );
    const html = (await open('/dashboard', `pp_language=en; pp_token=${viewer}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Welcome, &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;');
    expect(bootOf(html)).toBeDefined();
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the entry's and the boot data's own
  });

  it('sends the plain page without a cookie, with a bad or ended session, or for a page not allowed', async () => {
    const plain = [
      await open('/dashboard'),
      await open('/dashboard', 'pp_token=not-a-real-token-at-all-0123456789'),
      await open('/dashboard', 'pp_token=short'),
      await open('/secret/index', `pp_token=${demo}`), // the guard will show 401
      await open('/no/such/page', `pp_token=${demo}`),
    ];
    for (const response of plain) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('boot-splash');
      expect(response.body).not.toContain('pp-boot');
      expect(response.body).not.toContain('Chen Zhiqiang');
      expect(String(response.headers.vary)).toContain('Cookie');
    }

    const ending = await t.login('demo', 'demo1234');
    expect((await open('/dashboard', `pp_token=${ending}`)).body).toContain('pp-boot');
    expect((await t.call('/Auth/Logout', undefined, { token: ending })).code).toBe(200);
    const ended = await open('/dashboard', `pp_token=${ending}`);
    expect(ended.body).toContain('boot-splash');
    expect(ended.body).not.toContain('pp-boot');
  });

  it('never opens an API call: the cookie alone is refused, the Token header is needed', async () => {
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/Web/GetUserInfo',
      headers: { cookie: `pp_token=${demo}` },
    });
    expect(withCookie.json()).toMatchObject({ code: 50008 });
    expect((await t.call('/Web/GetUserInfo', undefined, { token: demo })).code).toBe(200);
  });

  it('does not count as use of the session (read-only look-up)', async () => {
    const [before] = await t.database.rows<{ seen: string }>(
      sql`select max(last_seen_at)::text as seen from sessions`,
    );
    await t.database.db.execute(sql`update sessions set last_seen_at = last_seen_at - interval '10 minutes'`);
    const [moved] = await t.database.rows<{ seen: string }>(
      sql`select max(last_seen_at)::text as seen from sessions`,
    );
    await open('/dashboard', `pp_token=${demo}`);
    const [after] = await t.database.rows<{ seen: string }>(
      sql`select max(last_seen_at)::text as seen from sessions`,
    );
    expect(after?.seen).toBe(moved?.seen);
    expect(moved?.seen).not.toBe(before?.seen);
  });

  // Issue 18: on these pages the client starts the first data request from the boot data, before
  // React mounts (apps/web/src/app/first-request.ts); a page the user may not open must come
  // plain, or that request would be refused by the API and toasted.
  it('draws the catalogue, cart and order list with the boot data their early request needs', async () => {
    for (const url of ['/product/index', '/cart/index', '/order/index?type=all']) {
      const html = (await open(url, `pp_language=en; pp_token=${demo}`)).body;
      expect(bootOf(html)?.userInfo.menus).toEqual(expect.arrayContaining(['1001', '1002', '1006']));
      expect(html).not.toContain('boot-splash');
    }
    expect((await open('/cart/index', `pp_token=${demo}`)).body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/cart-page-X.js">',
    );
    // viewer holds the catalogue (1001) but neither the cart (1006) nor the orders (1002).
    expect(bootOf((await open('/product/index', `pp_token=${viewer}`)).body)).toBeDefined();
    for (const url of ['/cart/index', '/order/index?type=all']) {
      const plain = (await open(url, `pp_token=${viewer}`)).body;
      expect(plain).toContain('boot-splash');
      expect(plain).not.toContain('pp-boot');
    }
  });

  it('leaves /login and the back office alone', async () => {
    expect((await open('/admin/home', `pp_token=${demo}`)).body).not.toContain('pp-boot');
    expect((await open('/login', `pp_token=${demo}`)).body).not.toContain('pp-boot');
  });
});

// Issue 18 (the quiet run's LCP elements): the cart's paste box, the dashboard's figures and the
// detail's first picture are drawn with the page; the dashboard and the detail bring their first
// answer, which the client takes as the API call's (app/boot-from-server.ts).
describe('GET a page that draws its largest element', () => {
  it("draws the dashboard's figures and hands over GetDashboard's answer as the API gives it", async () => {
    const html = (await open('/dashboard', `pp_language=en; pp_token=${demo}`)).body;
    const api = await t.call<{ debts: string; currency: string; carts: number }>(
      '/Web/GetDashboard',
      {},
      { token: demo, lng: 'en' },
    );
    const boot = bootOf(html);
    expect(boot?.first).toEqual({ path: '/Web/GetDashboard', body: {}, data: api.data });
    const figures = [...html.matchAll(/<div class="fs-figure-value">([^<]*)<\/div>/g)].map((m) => m[1]);
    expect(figures).toHaveLength(4); // the demo user holds every figure's menu
    expect(figures[0]).toBe(
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency: api.data.currency,
        currencyDisplay: 'code',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(Number(api.data.debts)),
    );
    expect(figures[3]).toBe(String(api.data.carts));
    expect(html).toContain('<div class="fs-figure-title">Amount owed</div>');

    // viewer lacks the debts', orders' and cart's menus: GetDashboard leaves them out, so does the page.
    const viewerHtml = (await open('/dashboard', `pp_language=en; pp_token=${viewer}`)).body;
    const viewerApi = await t.call<Record<string, unknown>>(
      '/Web/GetDashboard',
      {},
      { token: viewer, lng: 'en' },
    );
    expect(bootOf(viewerHtml)?.first?.data).toEqual(viewerApi.data);
    const shown = ['debts', 'amount_delivered', 'executing_orders', 'carts'].filter(
      (key) => viewerApi.data[key] !== null,
    );
    expect(shown.length).toBeLessThan(4);
    expect(viewerHtml.match(/fs-figure-value/g) ?? []).toHaveLength(shown.length);
  });

  it("draws the detail's title and first picture with the client's own link, and hands over the detail", async () => {
    let found: { id: number; images: string[]; part_name: string; number: string } | undefined;
    for (let id = 1; id <= 50 && !found; id++) {
      const answer = await t.call<{ id: number; images: string[]; part_name: string; number: string }>(
        `/Web/GetProductDetail/${id}`,
        {},
        { token: demo, lng: 'en' },
      );
      if (answer.code === 200 && answer.data.images.length > 0) found = answer.data;
    }
    expect(found, 'a demo product with a picture').toBeDefined();
    const product = found!;
    const html = (await open(`/product/detail?id=${product.id}`, `pp_language=en; pp_token=${demo}`)).body;
    const api = await t.call(`/Web/GetProductDetail/${product.id}`, {}, { token: demo, lng: 'en' });
    expect(bootOf(html)?.first).toEqual({
      path: `/Web/GetProductDetail/${product.id}`,
      body: {},
      data: api.data,
    });
    // As apps/web/src/shared/api/asset-url.ts writes it: one fetch serves both <img>.
    const src = `/api${product.images[0]}${product.images[0]!.includes('?') ? '&' : '?'}token=${encodeURIComponent(demo)}`;
    expect(html).toContain(
      `<img class="fs-picture" src="${src.replace(/&/g, '&amp;')}" alt="" width="280" height="280" fetchpriority="high" />`,
    );
    // Preloaded ahead of the entry script and its module preloads.
    const preload = `<link rel="preload" as="image" fetchpriority="high" href="${src.replace(/&/g, '&amp;')}">`;
    expect(html.indexOf(preload)).toBeGreaterThan(0);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    expect(html).toContain(`<h1 class="page-title">${product.part_name} ${product.number}</h1>`);
    const picture = await t.app.inject({ method: 'GET', url: src });
    expect(picture.statusCode).toBe(200);
    expect(String(picture.headers['content-type'])).toMatch(/^image\//);

    // No answer where the page would not ask or gets no product: the shell with its bars.
    for (const url of ['/product/detail?id=abc', '/product/detail', '/product/detail?id=99999999']) {
      const drawn = (await open(url, `pp_token=${demo}`)).body;
      expect(bootOf(drawn)).toBeDefined();
      expect(bootOf(drawn)?.first).toBeUndefined();
      expect(drawn).toContain('first-screen-bar fs-title');
    }
  });

  it("draws the cart's paste box with its instructions, escaped", async () => {
    const html = (await open('/cart/index', `pp_language=en; pp_token=${demo}`)).body;
    expect(html).toContain('<h1 class="page-title">Shopping Cart</h1>');
    expect(html).toContain(
      '<div class="fs-paste-box">Paste from Excel, e.g.\n04465-33450\t2\n&lt;MD-370&gt;, 4</div>',
    );
    expect(bootOf(html)?.first).toBeUndefined(); // its first request starts in the client
  });

  it('has every text the sketches use in the build list (apps/web/build/build-plugins.ts)', () => {
    const source = fs.readFileSync(path.resolve(__dirname, '../../../web/build/build-plugins.ts'), 'utf8');
    const list = /const FIRST_SCREEN_TEXT_KEYS = \[([\s\S]*?)\];/.exec(source)?.[1] ?? '';
    const keys = [...list.matchAll(/'([\w.]+)'/g)].map((m) => m[1]);
    expect(keys).toEqual(expect.arrayContaining([...PAGE_TEXT_KEYS]));
  });
});
