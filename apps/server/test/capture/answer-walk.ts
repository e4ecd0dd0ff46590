import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { authEndpoints } from '@partsportal/contract/auth';
import { IMPORT_BILL_PATH, IMPORT_TEMPLATE_PATH } from '@partsportal/contract/cart';
import type { Endpoint } from '@partsportal/contract/endpoint';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { DEMO_ANCHORS, seedDemoData } from '../../src/db/seed/demo-data';
import { multipart } from '../cart-test-files';
import { fillParams, routesUnderTest, type RouteUnderTest } from '../reliability/access-routes';
import { bodyKeys, defOf, sampleFor } from '../reliability/fuzz-arbitraries';
import { createTestDatabase } from '../test-database';
import { maskAnswer, maskText, type CapturedAnswer, type MaskContext } from './answer-mask';

/*
 * Every route the server registers, called in one fixed order on a fresh demo database with a
 * fixed clock, as anonymous, viewer, demo, partner and admin: first every read with a plain, a
 * full and a few filtered/paged bodies, then each company's write scenario (cart, addresses,
 * checkout, order edits, payment, notices), then refused writes, then the session-ending calls.
 * Two runs of the same code give the same answers once the volatile parts are masked, so two
 * runs of different code show exactly what changed.
 */

/** The fixed clock: the seed's "now", advanced one second per request. */
const CLOCK_START = Date.parse('2026-06-15T08:00:00.000Z');
const PARTS = 300;
const SEED = 7;

type User = 'anonymous' | 'viewer' | 'demo' | 'partner' | 'admin';
const USERS: User[] = ['anonymous', 'viewer', 'demo', 'partner', 'admin'];
const PASSWORDS: Record<Exclude<User, 'anonymous'>, string> = {
  viewer: 'viewer1234',
  demo: 'demo1234',
  partner: 'partner1234',
  admin: 'admin1234',
};

/** Calls that change data; they run in the scenarios, never in the read pass. */
const WRITES = new Set([
  '/Auth/Login',
  '/Auth/Logout',
  '/Web/ChangePassword',
  '/Web/AddAddress',
  '/Web/UpdateAddress',
  '/Web/DeleteAddress',
  '/Web/SetDefaultAddress/{id}',
  '/Web/AddCart',
  '/Web/BatchAddCart',
  '/Web/UpdateCart',
  '/Web/RemoveCart',
  '/Web/ClearCart',
  '/Web/AddProBodyByNumber',
  '/Web/SaveSubmits',
  '/Web/ReSubmitCartForWeb/{id}',
  '/Web/CancelOrder/{id}',
  '/Web/UpdateOrderLine',
  '/Web/DeleteOrderLine',
  '/Web/BuyAgain/{id}',
  '/Web/WePay',
  '/Web/GetNoticeDetail/{id}',
]);

type Kind = 'order' | 'payment' | 'delivery' | 'salesBill' | 'purchase' | 'notice' | 'address';

/** The record kind a route's `{id}` names; the id sent is the caller's company's first. */
const PARAM_KINDS: Record<string, Kind> = {
  '/Web/GetOrderDetail/{id}': 'order',
  '/Web/GetPayBill/{id}': 'order',
  '/Web/GetPayStatus/{id}': 'order',
  '/Web/GetPaymentDetail/{id}': 'payment',
  '/Web/GetDeliveryDetail/{id}': 'delivery',
  '/Web/GetSalesDetail/{id}': 'salesBill',
  '/Web/GetPurchaseDetail/{id}': 'purchase',
  '/Web/GetNoticeDetail/{id}': 'notice',
  '/Web/SetDefaultAddress/{id}': 'address',
};

/** Filters worth a call of their own (the plain and full samples run anyway). */
const EXTRA_BODIES: Record<string, unknown[]> = {
  '/Web/GetProductList': [
    { keyword: DEMO_ANCHORS[0]!.number, page: 1, pageSize: 10 },
    { keyword: '0446', page: 1, pageSize: 10 },
    { keyword: 'filter', page: 1, pageSize: 10 },
    { keyword: 'xyzzy-no-such-part', page: 1, pageSize: 10 },
  ],
  '/Web/GetStockProductList': [{ keyword: '0446', page: 1, pageSize: 10 }],
  '/Web/MatchPartNumbers': [{ text: `${DEMO_ANCHORS[0]!.number} 2\n${DEMO_ANCHORS[1]!.number}\nnope-123 4` }],
  '/Web/GetNoticeList': [{ q: 'a', page: 1, pageSize: 5 }, { unread: true }],
  '/Common/Post': [],
};

export interface WalkOptions {
  kind: 'pglite' | 'postgres';
  log?: (line: string) => void;
}

interface Company {
  companyId: number;
  ids: Record<Kind, number[]>;
}

export async function walkAnswers(options: WalkOptions): Promise<CapturedAnswer[]> {
  const log = options.log ?? (() => undefined);
  const startedAt = Date.now();
  let clock = CLOCK_START;
  const { database, drop } = await createTestDatabase(options.kind);
  const webDir = writeWebDir();
  try {
    await seedDemoData(database, {
      parts: PARTS,
      seed: SEED,
      now: new Date(clock),
      passwordHashMemoryKiB: 1024,
    });
    const config = testConfig({ webDir });
    const app = await buildApp({ config, database, now: () => new Date(clock) });
    await app.ready();
    const prefix = config.apiPrefix;
    const mask: MaskContext = { startedAt, endedAt: startedAt, tokens: new Map() };
    const raw: {
      captured: Omit<CapturedAnswer, 'headers' | 'answer' | 'status'>;
      response: Awaited<ReturnType<typeof app.inject>>;
    }[] = [];
    const tokens: Partial<Record<User, string>> = {};

    const send = async (
      as: User,
      method: 'GET' | 'POST' | 'HEAD',
      url: string,
      request: {
        body?: unknown;
        raw?: string;
        headers?: Record<string, string>;
        payload?: Buffer;
        /** Links carry the token in the query string, not in the header. */
        tokenInQuery?: boolean;
      } = {},
    ) => {
      clock += 1000;
      const token = request.tokenInQuery ? undefined : tokens[as];
      const payload =
        request.payload ??
        request.raw ??
        (request.body === undefined ? undefined : JSON.stringify(request.body));
      const response = await app.inject({
        method,
        url,
        headers: {
          ...(payload === undefined || request.payload ? {} : { 'content-type': 'application/json' }),
          ...(token ? { token } : {}),
          ...request.headers,
        },
        ...(payload === undefined ? {} : { payload }),
      });
      raw.push({
        captured: {
          seq: raw.length,
          as,
          method,
          url,
          ...(request.body !== undefined
            ? { body: request.body }
            : request.raw !== undefined
              ? { body: request.raw }
              : {}),
        },
        response,
      });
      return response;
    };
    const api = (as: User, apiPath: string, body?: unknown, headers?: Record<string, string>) =>
      send(as, 'POST', `${prefix}${apiPath}`, { body: body ?? {}, ...(headers ? { headers } : {}) });
    const json = async (response: { body: string }) =>
      JSON.parse(response.body) as { code: number; data: unknown };

    for (const user of USERS) {
      if (user === 'anonymous') continue;
      const answer = await json(
        await api(user, '/Auth/Login', {
          user_id: user,
          password: PASSWORDS[user],
          account_id: 1,
          from: 'web',
        }),
      );
      tokens[user] = answer.data as string;
      mask.tokens.set(answer.data as string, user);
    }
    await api('anonymous', '/Auth/Login', {
      user_id: 'demo',
      password: 'wrong-password',
      account_id: 1,
      from: 'web',
    });

    const companies = await loadCompanies(database);
    const companyOf = (user: User) => companies[user === 'partner' ? 'partner' : 'demo'];
    const [area] = await database.rows<{ id: number }>(
      sql`select area_id as id from addresses order by id limit 1`,
    );
    const products = await database.rows<{ id: number; buy_qty: number }>(
      sql`select p.id, p.buy_qty from products p
          where exists (select 1 from stock s where s.product_id = p.id and s.available_stock > 50)
          order by p.id limit 4`,
    );
    const qtyOf = (index: number) => Math.max(1, Number(products[index]?.buy_qty ?? 1));
    const addressFields = {
      caption: 'Workshop',
      contact_name: 'Zhang Wei',
      phone: '13800138000',
      address: 'Tianhe Road 1',
      area_id: Number(area!.id),
    };

    const routes = routesUnderTest(app, prefix).sort((a, b) =>
      `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`),
    );
    const bodyFor = (endpoint: Endpoint, requiredOnly: boolean) =>
      sampleFor(endpoint.body as z.ZodType, {
        requiredOnly,
        override: (key) =>
          ({
            ...addressFields,
            cpid: products[0]?.id,
            number: DEMO_ANCHORS[0]!.number,
            text: DEMO_ANCHORS[0]!.number,
          })[key],
      });
    const urlFor = (route: RouteUnderTest, user: User, id?: number) => {
      const kind = route.endpoint ? PARAM_KINDS[route.endpoint.path] : undefined;
      const params: Record<string, string | number> = route.endpoint?.params
        ? (sampleFor(route.endpoint.params as z.ZodType) as Record<string, number>)
        : {};
      if (kind) params.id = id ?? companyOf(user).ids[kind][0] ?? 1;
      return fillParams(route.url, params);
    };

    // 1. Reads: every route that changes nothing, every user, several bodies.
    log('reads');
    for (const route of routes) {
      const endpoint = route.endpoint;
      if (!endpoint) continue;
      if (WRITES.has(endpoint.path) || endpoint.path === IMPORT_BILL_PATH) continue;
      if (route.method !== 'POST') continue;
      const bodies = [bodyFor(endpoint, true), bodyFor(endpoint, false), ...listVariants(endpoint)];
      bodies.push(...(EXTRA_BODIES[endpoint.path] ?? []));
      const unique = [...new Map(bodies.map((b) => [JSON.stringify(b), b])).values()];
      for (const user of USERS) {
        for (const body of user === 'demo' || user === 'partner' ? unique : unique.slice(0, 1)) {
          await send(user, 'POST', urlFor(route, user), { body });
        }
      }
    }
    await api('demo', '/Web/GetCartList/{n}'.replace('{n}', '3'));

    // 2. Links a browser opens (token in the query), system routes and the web hosting.
    log('links and pages');
    const detail = await json(await api('demo', `/Web/GetProductDetail/${products[0]!.id}`));
    const files = (detail.data as { files?: { path: string }[] } | null)?.files ?? [];
    for (const user of USERS) {
      const q = tokens[user] ? `token=${tokens[user]}` : 'token=none';
      const link = (url: string) => send(user, 'GET', `${prefix}${url}`, { tokenInQuery: true });
      await link(`/Product/ProductPic/${products[0]!.id}?${q}`);
      await link(`/Product/ProductBigId/${products[0]!.id}-2?${q}`);
      await link(`/Product/ProductPic/999999?${q}`);
      await link(`/Product/DownloadFile?path=${encodeURIComponent(files[0]?.path ?? 'x')}&${q}`);
      await link(`/Product/DownloadFile?path=..%2F..%2Fetc%2Fpasswd&${q}`);
      await link(`/Web/QRCode?data=capture-walk&${q}`);
      await link(`${IMPORT_TEMPLATE_PATH}?${q}`);
    }
    for (const url of ['/healthz', '/readyz', '/static/config.json', '/api/docs'])
      await send('anonymous', 'GET', url);
    for (const encoding of ['br', 'gzip', '']) {
      for (const language of ['zh', 'en', 'es', 'fr']) {
        await send('anonymous', 'GET', '/login', {
          headers: {
            cookie: `pp_language=${language}`,
            ...(encoding ? { 'accept-encoding': encoding } : {}),
          },
        });
      }
      await send('anonymous', 'GET', '/assets/catalog-page-AbC123xy.js', {
        headers: { 'accept-encoding': encoding },
      });
    }
    for (const url of [
      '/',
      '/LOGIN',
      '/order/index?type=all',
      '/no-such-file.png',
      '/assets/missing.js',
      '/api',
      '/api/Web/Nope',
    ]) {
      await send('anonymous', 'GET', url);
    }
    await send('anonymous', 'HEAD', '/login');
    await send('anonymous', 'HEAD', '/order/index');
    await api('demo', '/Web/NoSuchCall', {}, { lng: 'en' });
    // The JSON body parser: empty, broken and prototype-polluting bodies.
    await send('demo', 'POST', `${prefix}/Web/GetUserInfo`, { raw: '' });
    await send('demo', 'POST', `${prefix}/Web/GetUserInfo`, { raw: '  ' });
    await send('demo', 'POST', `${prefix}/Web/GetUserInfo`, { raw: '{"a":' });
    await send('demo', 'POST', `${prefix}/Web/GetUserInfo`, { raw: '{"__proto__":{"x":1}}' });
    await send('demo', 'POST', `${prefix}/Web/GetUserInfo`, { raw: '{"constructor":{"prototype":{}}}' });
    for (const lng of ['zh', 'en', 'es'])
      await send('anonymous', 'POST', `${prefix}/Web/GetUserInfo`, { body: {}, headers: { lng } });

    // 3. Each company's write scenario, in a fixed order.
    for (const user of ['demo', 'partner'] as const) {
      log(`scenario ${user}`);
      const company = companyOf(user);
      const cartIds = async () =>
        (
          (await json(await api(user, '/Web/GetCartList'))).data as { list?: { id: number }[] } | null
        )?.list?.map((line) => line.id) ?? [];
      await api(user, '/Web/AddCart', { cpid: products[0]!.id, qty: qtyOf(0) });
      await api(user, '/Web/AddCart', { cpid: products[0]!.id, qty: qtyOf(0), remark: 'again' });
      await api(user, '/Web/BatchAddCart', {
        items: [
          { cpid: products[1]!.id, qty: qtyOf(1), store_id: 1 },
          { cpid: products[2]!.id, qty: qtyOf(2) },
        ],
      });
      await api(user, '/Web/AddProBodyByNumber', { number: DEMO_ANCHORS[1]!.number });
      await api(user, '/Web/AddProBodyByNumber', { number: '0446' });
      let ids = await cartIds();
      await api(user, '/Web/UpdateCart', { id: ids[0], qty: qtyOf(0) * 2, remark: 'more' });
      await api(user, '/Web/UpdateCart', { id: ids[0], store_id: null });
      await api(user, '/Web/RemoveCart', { ids: ids.slice(-1) });
      await api(user, '/Web/RemoveCart', { ids: [] });
      await api(user, '/Web/GetCartCpidAndStoreIds');
      await api(user, '/Web/GetCartListByCpidAndStoreIds', {
        items: [{ cpid: products[0]!.id, store_id: null }],
      });
      await send(user, 'POST', `${prefix}${IMPORT_BILL_PATH}`, {
        ...multipartFixture(),
      });
      const added = (await json(await api(user, '/Web/AddAddress', addressFields))).data as {
        id?: number;
      } | null;
      const addressId = added?.id ?? company.ids.address[0]!;
      await api(user, '/Web/GetAddress');
      await api(user, '/Web/UpdateAddress', { ...addressFields, id: addressId, caption: 'Depot' });
      await send(user, 'POST', `${prefix}/Web/SetDefaultAddress/${addressId}`, { body: {} });
      ids = await cartIds();
      await api(user, '/Web/SubmitCart', { ids, address_id: addressId });
      const save = { items: ids.slice(0, 2), address_id: addressId, remark: 'capture walk' };
      const saved = await json(
        await api(user, '/Web/SaveSubmits', save, { 'idempotency-key': `capture-${user}-1` }),
      );
      await api(user, '/Web/SaveSubmits', save, { 'idempotency-key': `capture-${user}-1` });
      await api(
        user,
        '/Web/SaveSubmits',
        { ...save, remark: 'other' },
        { 'idempotency-key': `capture-${user}-1` },
      );
      const orderId =
        (saved.data as { order_id?: number; id?: number } | null)?.order_id ??
        (saved.data as { id?: number } | null)?.id ??
        company.ids.order[0]!;
      const order = (await json(await api(user, `/Web/GetOrderDetail/${orderId}`))).data as {
        lines?: { id: number }[];
      } | null;
      const lines = order?.lines ?? [];
      if (lines[0])
        await api(user, '/Web/UpdateOrderLine', {
          order_id: orderId,
          line_id: lines[0].id,
          qty: qtyOf(0) * 3,
        });
      if (lines[1]) await api(user, '/Web/DeleteOrderLine', { order_id: orderId, line_id: lines[1].id });
      if (lines[0]) await api(user, '/Web/DeleteOrderLine', { order_id: orderId, line_id: lines[0].id });
      await api(user, `/Web/GetPayBill/${orderId}`);
      const wePay = await json(await api(user, '/Web/WePay', { order_id: orderId, method: 'wechat' }));
      const paymentNo = (wePay.data as { payment_no?: string } | null)?.payment_no;
      if (paymentNo) {
        // The sandbox's phone page and its confirm button (the signed callback runs through HTTP).
        await send('anonymous', 'GET', `${prefix}/sandbox/pay/${paymentNo}`);
        await send('anonymous', 'POST', `${prefix}/sandbox/pay/${paymentNo}/confirm`, {
          raw: '',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        await send('anonymous', 'GET', `${prefix}/sandbox/pay/${paymentNo}`);
      }
      await api(user, `/Web/GetPayStatus/${orderId}`);
      await api(user, '/Web/WePay', { order_id: company.ids.order[4] ?? orderId, method: 'wechat' });
      await api(user, '/Web/WePay', { order_id: orderId, method: 'account' });
      await api(user, `/Web/GetPayStatus/${orderId}`);
      const pending = company.ids.order;
      await api(user, `/Web/CancelOrder/${pending[0]}`);
      await api(user, `/Web/CancelOrder/${pending[0]}`);
      await api(user, `/Web/BuyAgain/${pending[1] ?? orderId}`);
      await api(user, `/Web/ReSubmitCartForWeb/${pending[2] ?? orderId}`);
      await api(user, '/Web/GetPendingOrders', { page: 1, pageSize: 20 });
      await api(user, '/Web/GetOrderList', { page: 1, pageSize: 5 });
      for (const notice of company.ids.notice.slice(0, 2)) await api(user, `/Web/GetNoticeDetail/${notice}`);
      await api(user, '/Web/GetNoticeList', { page: 1, pageSize: 5 });
      await api(user, '/Web/GetDashboard');
      await api(user, '/Web/ClearCart');
      await api(user, '/Web/GetCartList');
      await send(user, 'POST', `${prefix}/Web/DeleteAddress?id=${addressId}`, { body: {} });
      await api(user, '/Web/GetAddress');
    }

    // 4. Writes the others may not make, and sample bodies of every write.
    log('refused writes');
    for (const route of routes) {
      const endpoint = route.endpoint;
      if (!endpoint || !WRITES.has(endpoint.path) || route.method !== 'POST') continue;
      if (['/Auth/Logout', '/Web/ChangePassword', '/Auth/Login'].includes(endpoint.path)) continue;
      for (const user of ['anonymous', 'viewer', 'admin', 'partner'] as const) {
        await send(user, 'POST', urlFor(route, user, companies.demo.ids.order[3]), {
          body: bodyFor(endpoint, true),
        });
      }
    }

    // 5. Session-ending calls last.
    log('sessions');
    // Sent only where the contract asks for it (issue 17 added it), so older code is walked too.
    const current = bodyKeys(authEndpoints.changePassword.body as z.ZodType).includes('current_password')
      ? { current_password: PASSWORDS.viewer }
      : {};
    await api('viewer', '/Web/ChangePassword', { ...current, password: 'short', confirm_passwrod: 'other' });
    const changed = await json(
      await api('viewer', '/Web/ChangePassword', {
        ...current,
        password: 'viewer-new-1234',
        confirm_passwrod: 'viewer-new-1234',
      }),
    );
    if (typeof changed.data === 'string') mask.tokens.set(changed.data, 'viewer-changed');
    await api('viewer', '/Web/GetUserInfo');
    for (const user of ['demo', 'partner', 'admin'] as const) {
      await api(user, '/Auth/Logout');
      await api(user, '/Web/GetUserInfo');
    }

    mask.endedAt = Date.now();
    const captured = raw.map(({ captured, response }) => ({
      ...captured,
      url: maskText(captured.url, mask),
      status: response.statusCode,
      ...maskAnswer({ headers: response.headers, rawPayload: response.rawPayload }, mask),
    }));
    const unvisited = routes.filter(
      (route) =>
        !captured.some((c) => c.method === route.method && matchesRoute(route.url, c.url.split('?')[0]!)),
    );
    for (const route of unvisited) log(`not called: ${route.method} ${route.url}`);
    await app.close();
    return captured;
  } finally {
    await drop();
    fs.rmSync(webDir, { recursive: true, force: true });
  }
}

/** Paging and every allow-listed sort, ascending, on a list body. */
function listVariants(endpoint: Endpoint): unknown[] {
  const keys = bodyKeys(endpoint.body as z.ZodType);
  const variants: unknown[] = [];
  if (keys.includes('page') && keys.includes('pageSize')) variants.push({ page: 2, pageSize: 5 });
  if (keys.includes('sort')) {
    let node = defOf(endpoint.body as z.ZodType).shape?.sort;
    for (let depth = 0; node && depth < 8; depth++) {
      const def = defOf(node);
      if (def.type === 'enum') {
        for (const sort of Object.values(def.entries ?? {})) {
          variants.push({ sort, order: 'asc', ...(keys.includes('pageSize') ? { pageSize: 5 } : {}) });
        }
        break;
      }
      node = def.innerType;
    }
  }
  return variants;
}

const matchesRoute = (pattern: string, url: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/:\w+/g, '[^/]+')}$`,
  ).test(url);

async function loadCompanies(database: Database): Promise<Record<'demo' | 'partner', Company>> {
  const load = async (name: 'demo' | 'partner'): Promise<Company> => {
    const [user] = await database.rows<{ company_id: number }>(
      sql`select company_id from users where user_id = ${name} limit 1`,
    );
    const companyId = Number(user!.company_id);
    const ids = async (query: ReturnType<typeof sql>) =>
      (await database.rows<{ id: number }>(query)).map((r) => Number(r.id));
    return {
      companyId,
      ids: {
        order: await ids(
          sql`select id from orders where company_id = ${companyId} order by (state = 'pending_payment') desc, id limit 10`,
        ),
        payment: await ids(sql`select id from payments where company_id = ${companyId} order by id limit 3`),
        delivery: await ids(
          sql`select id from deliveries where company_id = ${companyId} order by id limit 3`,
        ),
        salesBill: await ids(
          sql`select id from sales_bills where company_id = ${companyId} order by id limit 3`,
        ),
        purchase: await ids(
          sql`select id from purchases where supplier_company_id = ${companyId} order by id limit 3`,
        ),
        notice: await ids(
          sql`select id from notices n where n.target_all or exists (select 1 from notice_companies nc where nc.notice_id = n.id and nc.company_id = ${companyId}) order by id limit 3`,
        ),
        address: await ids(sql`select id from addresses where company_id = ${companyId} order by id`),
      },
    };
  };
  return { demo: await load('demo'), partner: await load('partner') };
}

/** A built web app in miniature: index.html (with the boot splash /login replaces) and one asset. */
function writeWebDir(): string {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-capture-web-'));
  const page = `<!doctype html>
<html lang="zh">
  <head><title>PartsPortal</title></head>
  <body>
    <div id="root">
      <div class="boot-splash" role="status"><span>PartsPortal</span></div>
    </div>
  </body>
</html>`;
  const script = `export const parts = ${JSON.stringify(Array.from({ length: 50 }, (_, i) => `04465-${i}`))};`;
  fs.mkdirSync(path.join(webDir, 'assets'));
  const files: [string, string][] = [
    [path.join(webDir, 'index.html'), page],
    [path.join(webDir, 'assets', 'catalog-page-AbC123xy.js'), script],
  ];
  for (const [file, text] of files) {
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, gzipSync(text));
  }
  // Fixed times: etag and last-modified derive from them.
  const fixed = new Date(CLOCK_START);
  for (const [file] of files)
    for (const f of [file, `${file}.br`, `${file}.gz`]) fs.utimesSync(f, fixed, fixed);
  return webDir;
}

/** One small spreadsheet upload (the import's happy path). */
function multipartFixture(): { payload: Buffer; headers: Record<string, string> } {
  const sheet = fs.readFileSync(path.join(import.meta.dirname, '..', 'spreadsheets', 'import-basic.xlsx'));
  const { payload, headers } = multipart('import-basic.xlsx', sheet);
  return { payload, headers };
}
