import { authEndpoints } from '@partsportal/contract/auth';
import { IMPORT_BILL_PATH } from '@partsportal/contract/cart';
import { ResultCode } from '@partsportal/contract/codes';
import {
  ALL_MENU_CODES,
  MENU_CODES,
  SHOW_ADDRESS_GRANT,
  type Endpoint,
  isStaffPermission,
} from '@partsportal/contract/endpoint';
import { dashboardEndpoints } from '@partsportal/contract/dashboard';
import { orderEndpoints } from '@partsportal/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config';
import { toFastifyPath } from '../../src/platform/endpoint-routes';
import {
  contractEndpoints,
  fillParams,
  QUERY_SCHEMAS,
  routesUnderTest,
  type RouteUnderTest,
} from './access-routes';
import { COMPANY_IDS, createWorld, type Answer, type CompanyName, type World } from './access-world';
import { reportFigures } from './figures';
import { bodyKeys, defOf, isStrictObject, objectSchemasOf, sampleFor } from './fuzz-arbitraries';

/*
 * OWASP API1 (object level) and API5 (function level) authorization, walked over every route
 * the server registers: without a token, as the viewer, as each company with the other's ids,
 * and with bodies carrying fields only the server may set.
 */

type Kind = keyof World['records']['demo']['ids'];

/**
 * Which kind of record each id slot of a route names. A route with an id slot missing here
 * fails the walk, so a new call cannot skip the cross-company probe.
 */
const ID_SLOTS: Record<string, Record<string, Kind>> = {
  '/Web/SetDefaultAddress/{id}': { 'params.id': 'address' },
  '/Web/DeleteAddress': { 'query.id': 'address' },
  '/Web/UpdateAddress': { 'body.id': 'address' },
  '/Web/UpdateCart': { 'body.id': 'cartLine' },
  // Removing is idempotent: ids that are not the caller's lines are skipped like lines already
  // gone, so the answer may be 200 — the victim's fingerprint below proves nothing was removed.
  '/Web/RemoveCart': { 'body.ids': 'cartLine' },
  '/Web/SubmitCart': { 'body.ids': 'cartLine', 'body.address_id': 'address' },
  '/Web/SaveSubmits': { 'body.items': 'cartLine', 'body.address_id': 'address' },
  '/Web/ReSubmitCartForWeb/{id}': { 'params.id': 'order' },
  '/Web/CancelOrder/{id}': { 'params.id': 'order' },
  '/Web/GetOrderDetail/{id}': { 'params.id': 'order' },
  '/Web/BuyAgain/{id}': { 'params.id': 'order' },
  '/Web/UpdateOrderLine': { 'body.order_id': 'order', 'body.line_id': 'orderLine' },
  '/Web/DeleteOrderLine': { 'body.order_id': 'order', 'body.line_id': 'orderLine' },
  '/Web/GetPayBill/{id}': { 'params.id': 'order' },
  '/Web/GetPayStatus/{id}': { 'params.id': 'order' },
  '/Web/WePay': { 'body.order_id': 'order' },
  '/Web/GetPaymentDetail/{id}': { 'params.id': 'payment' },
  '/Web/GetNoticeDetail/{id}': { 'params.id': 'notice' },
  '/Web/GetDeliveryDetail/{id}': { 'params.id': 'delivery' },
  '/Web/GetSalesDetail/{id}': { 'params.id': 'salesBill' },
  '/Web/GetPurchaseDetail/{id}': { 'params.id': 'purchase' },
  '/Web/GetSavedList/{id}': { 'params.id': 'savedList' },
  '/Web/SaveCartAsList': { 'body.ids': 'cartLine' },
  '/Web/RenameSavedList': { 'body.id': 'savedList' },
  '/Web/DeleteSavedList': { 'body.id': 'savedList' },
  '/Web/AddSavedListToCart/{id}': { 'params.id': 'savedList' },
};

/** Slots whose foreign ids may be answered with 200 as long as nothing of the victim changes. */
const IGNORED_NOT_REFUSED = new Set(['/Web/RemoveCart body.ids']);

/** Ids of shared records (catalogue, stores, areas, the account): not owned by a company. */
const SHARED_ID_SLOTS: Record<string, string[]> = {
  '/Web/GetProductDetail/{id}': ['params.id'],
  '/Web/GetCartList/{n}': ['params.n'],
};
const SHARED_ID_KEYS = new Set([
  'cpid',
  'store_id',
  'storeId',
  'area_id',
  'brandId',
  'brandIds',
  'partTypeIds',
  'vehicleId',
  'account_id',
]);

/** Fields a client must never set; each is sent to every body that does not declare it. */
const SERVER_OWNED_FIELDS: Record<string, unknown> = {
  company_id: COMPANY_IDS.partner,
  companyId: COMPANY_IDS.partner,
  account_id: 2,
  user_id: 'admin',
  role: 'admin',
  menus: ['1001'],
  price: '0.01',
  amount: '0.01',
  total_amount: '0.01',
  freight: '0.00',
  state: 'delivered',
  status: 'paid',
  credit_limit: '99999999',
};

/** Calls that end or change the caller's own session: probed without a token only, and once at the end. */
const SESSION_ENDING = new Set([authEndpoints.logout.path, authEndpoints.changePassword.path]);

/**
 * Calls whose service itself answers 40001 to the walk's made-up code or password (they touch
 * only the caller's own second factor), so 40001 there does not mean a malformed probe.
 */
const SERVICE_VALIDATED = [authEndpoints.confirmTwoFactor.path, authEndpoints.disableTwoFactor.path];

const ATTACKER_OF: Record<CompanyName, CompanyName> = { demo: 'partner', partner: 'demo' };

let world: World;
let routes: RouteUnderTest[];
const prefix = testConfig().apiPrefix;
const figures = {
  routes: 0,
  contractRoutes: 0,
  probes: 0,
  noTokenRefused: 0,
  viewerRefused: 0,
  singleGrantProbes: 0,
  singleGrantRefused: 0,
  singleGrantAllowed: 0,
  crossCompanyProbes: 0,
  crossCompanyRefused: 0,
  foreignRecords: 0,
  foreignWrites: 0,
  unknownFieldsRefused: 0,
  unknownFieldsAccepted: 0,
  demoOwnValuesSeen: 0,
  partnerOwnValuesSeen: 0,
};

/** Names of keys that carry record ids (numbers named so); quantities and pages are not ids. */
const ID_KEY_NAME = /^(id|ids|items|cpid)$|_id$|Ids?$/;

const isIdLike = (schema: Endpoint['body'], key: string): boolean => {
  if (!ID_KEY_NAME.test(key)) return false;
  let node = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = defOf(node);
    if (def.type === 'object') {
      const child = def.shape?.[key];
      if (!child) return false;
      let inner = child;
      for (let d = 0; d < 8; d++) {
        const c = defOf(inner);
        if (c.type === 'number') return true;
        if (c.type === 'array') inner = c.element!;
        else if (c.innerType) inner = c.innerType;
        else return false;
      }
      return false;
    }
    if (!def.innerType) return false;
    node = def.innerType;
  }
  return false;
};

/** Id slots a route exposes: `params.id`, `query.id`, `body.<numeric key>`. */
function idSlotsOf(route: RouteUnderTest): string[] {
  const endpoint = route.endpoint!;
  const slots: string[] = [];
  for (const key of endpoint.params ? bodyKeys(endpoint.params) : []) slots.push(`params.${key}`);
  const query = QUERY_SCHEMAS[endpoint.path];
  for (const key of query ? bodyKeys(query) : []) slots.push(`query.${key}`);
  for (const key of bodyKeys(endpoint.body)) if (isIdLike(endpoint.body, key)) slots.push(`body.${key}`);
  return slots;
}

const apiRoutes = () => routes.filter((r) => r.endpoint);

/** A valid request with the given ids in its id slots (`params.id`, `body.order_id` …). */
function buildRequest(route: RouteUnderTest, ids: Record<string, number>, requiredOnly = false) {
  const endpoint = route.endpoint!;
  const bodyOverride = (key: string) => {
    const id = ids[`body.${key}`];
    if (id === undefined) return realistic[key];
    return defOf(endpoint.body).type === 'object' && isArrayKey(endpoint.body, key) ? [id] : id;
  };
  const params: Record<string, string | number> = endpoint.params
    ? (sampleFor(endpoint.params) as Record<string, number>)
    : {};
  if (ids['params.id'] !== undefined) params.id = ids['params.id'];
  const querySchema = QUERY_SCHEMAS[endpoint.path];
  const query = querySchema
    ? {
        ...(sampleFor(querySchema) as Record<string, number>),
        ...(ids['query.id'] ? { id: ids['query.id'] } : {}),
      }
    : undefined;
  return {
    method: route.method,
    url: fillParams(route.url, params),
    body: sampleFor(endpoint.body, { override: bodyOverride, requiredOnly }),
    ...(query ? { query } : {}),
  };
}

function isRecordBody(schema: Endpoint['body']): boolean {
  let node: Endpoint['body'] | undefined = schema;
  for (let d = 0; node && d < 8; d++) {
    const def = defOf(node);
    if (def.type === 'record') return true;
    node = def.innerType;
  }
  return false;
}

function isArrayKey(schema: Endpoint['body'], key: string): boolean {
  let inner = defOf(schema).shape?.[key];
  for (let d = 0; inner && d < 8; d++) {
    const def = defOf(inner);
    if (def.type === 'array') return true;
    inner = def.innerType;
  }
  return false;
}

/** Every distinctive value of `victim` that appears in the answer. */
function foreignValuesIn(answer: Answer, victim: CompanyName): string[] {
  return world.records[victim].distinctive.filter(
    (value) => answer.text.includes(value) || answer.text.includes(JSON.stringify(value).slice(1, -1)),
  );
}

/** Field values the services check beyond the schema (an address must be complete and real). */
const realistic: Record<string, unknown> = {
  caption: 'Workshop',
  contact_name: 'Zhang Wei',
  phone: '13800138000',
  address: 'Tianhe Road 1',
};

/**
 * Calls any signed-in user may make, each with why it shows no company record. A new
 * 'signed-in' route fails the walk until it is reviewed and added here. (GetPendingOrders,
 * CancelOrder and the pay calls were 'signed-in': a catalogue-only user could list and cancel
 * the company's unpaid orders, and the walk, looking only for other companies' data, let it pass.)
 */
const NO_CODE_CALLS: Record<string, string> = {
  [`POST ${prefix}/Web/GetUserInfo`]: "the caller's own user and company name",
  [`POST ${prefix}/Auth/Logout`]: "ends the caller's own session",
  [`POST ${prefix}/Web/ChangePassword`]: "the caller's own password",
  [`POST ${prefix}/Web/StartTotpEnrolment`]: "the caller's own optional second factor (decision 012)",
  [`POST ${prefix}/Web/ConfirmTotpEnrolment`]: "the caller's own optional second factor (decision 012)",
  [`POST ${prefix}/Web/DisableTotp`]: "the caller's own second factor; needs the password and a code",
  [`POST ${prefix}/Web/GetAllAreas`]: 'reference data: countries, provinces, cities',
  [`POST ${prefix}/Web/GetDashboard`]: 'each figure checks its own menu code (dashboard.service.ts)',
  [`GET ${prefix}/Product/ProductPic/:id`]: 'catalogue pictures: shared data, no company record',
  [`GET ${prefix}/Product/ProductBigId/:id`]: 'catalogue pictures: shared data, no company record',
  [`GET ${prefix}/Product/DownloadFile`]: 'catalogue attachments: shared data, no company record',
  [`GET ${prefix}/Web/QRCode`]: 'draws the QR code of the text it is given; reads nothing',
};

/** Company values a code-free call may show: the caller's own company name (GetUserInfo). */
let NO_CODE_VISIBLE: string[] = [];
/** The demo company's notice titles (the dashboard shows them to a holder of 1007). */
let noticeTitles = new Set<string>();

/** Calls whose service checks a second code beyond the route's (BuyAgain fills the cart). */
const ALSO_NEEDS: Record<string, string[]> = {
  [orderEndpoints.buyAgain.path]: [MENU_CODES.cart],
};

/** Whether the route lets a user with these menus and this address switch in (admin aside). */
function grants(route: RouteUnderTest, user: { menus: readonly string[]; showAddress: boolean }): boolean {
  const permission = route.permission!;
  if (permission === 'public' || permission === 'signed-in') return true;
  // Staff calls take staff tokens only (staff-access-walk.test.ts walks the roles).
  if (isStaffPermission(permission)) return false;
  return permission.some((grant) =>
    grant === SHOW_ADDRESS_GRANT ? user.showAddress : user.menus.includes(grant),
  );
}

/**
 * A customer token meets a staff call as an unknown token (50008): staff sessions are another
 * table, so the token is not refused for its menus but for its kind.
 */
const refusalOf = (route: RouteUnderTest) =>
  isStaffPermission(route.permission) ? ResultCode.invalidToken : ResultCode.forbidden;

interface GrantHolder {
  name: string;
  menus: string[];
  showAddress: boolean;
  token: string;
}
let singleGrantHolders: GrantHolder[] = [];

/** The demo company's own ids for the route's id slots, so a granted call meets a real record. */
function ownIds(route: RouteUnderTest): Record<string, number> {
  if (!route.endpoint) return {};
  const ids: Record<string, number> = {};
  for (const [slot, kind] of Object.entries(ID_SLOTS[route.endpoint.path] ?? {})) {
    const id = world.records.demo.ids[kind][0];
    if (id !== undefined) ids[slot] = id;
  }
  return ids;
}

/**
 * Users of the demo company holding one grant each: every menu code alone, and the address
 * switch alone (with the catalogue code, since a user needs at least one menu to sign in on
 * the web; the server does not care). Same password hash as the viewer.
 */
async function createSingleGrantHolders(): Promise<GrantHolder[]> {
  const wanted = [
    ...ALL_MENU_CODES.map((code) => ({ name: code, menus: [code as string], showAddress: false })),
    { name: SHOW_ADDRESS_GRANT, menus: [MENU_CODES.catalog as string], showAddress: true },
  ];
  const holders: GrantHolder[] = [];
  for (const { name, menus, showAddress } of wanted) {
    const userId = `grant_${name}`;
    await world.t.database.rows(
      sql`insert into users (account_id, company_id, user_id, name, password_hash, role, menus, show_address)
          select account_id, company_id, ${userId}, ${userId}, password_hash, 'customer',
                 ${JSON.stringify(menus)}::jsonb, ${showAddress}
          from users where user_id = 'viewer'`,
    );
    holders.push({ name, menus, showAddress, token: await world.t.login(userId, 'viewer1234') });
  }
  return holders;
}

beforeAll(async () => {
  world = await createWorld();
  const [area] = await world.t.database.rows<{ id: number }>(
    sql`select area_id as id from addresses limit 1`,
  );
  realistic.area_id = Number(area!.id);
  routes = routesUnderTest(world.t.app, prefix);
  figures.routes = routes.length;
  figures.contractRoutes = apiRoutes().length;
  singleGrantHolders = await createSingleGrantHolders();
  NO_CODE_VISIBLE = (
    await world.t.database.rows<{ name: string }>(
      sql`select name from companies where id = ${COMPANY_IDS.demo}`,
    )
  ).map((row) => row.name);
  noticeTitles = new Set(
    (
      await world.t.database.rows<{ v: string }>(
        sql`select unnest(array[title_zh, title_en, title_es]) as v from notices where id in (select notice_id from notice_companies where company_id = ${COMPANY_IDS.demo})`,
      )
    ).map((row) => row.v),
  );
}, 180_000);

afterAll(async () => {
  if (world) {
    reportFigures('access-walk', figures);
    await world.t.close();
  }
});

describe('access-control walk over every registered route', () => {
  it('has both companies with records of every kind', () => {
    for (const company of ['demo', 'partner'] as const) {
      const { ids, distinctive } = world.records[company];
      for (const kind of [
        'order',
        'orderLine',
        'cartLine',
        'address',
        'delivery',
        'salesBill',
        'payment',
      ] as const) {
        expect(ids[kind].length, `${company} ${kind}`).toBeGreaterThan(0);
      }
      expect(distinctive.length).toBeGreaterThan(20);
    }
    expect(world.records.partner.ids.purchase.length).toBeGreaterThan(0);
    expect(world.records.partner.ownNumbers.length).toBeGreaterThan(0);
    expect(world.records.demo.ownNumbers.length).toBeGreaterThan(0);
    expect(world.records.demo.ids.notice.length).toBeGreaterThan(0);
  });

  it('every route declares a permission or is on the public list; contract routes declare the contract’s', () => {
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((r) => r.permission === undefined && !r.isPublic);
    expect(undeclared).toEqual([]);
    for (const route of apiRoutes()) expect(route.permission, route.url).toEqual(route.endpoint!.permission);
    // Every contract endpoint is really served (the walk below would silently skip a missing one).
    const served = new Set(apiRoutes().map((r) => r.endpoint));
    expect(
      contractEndpoints()
        .filter((e) => !served.has(e))
        .map((e) => e.path),
    ).toEqual([]);
  });

  it('every id slot is mapped to a record kind or known to name shared data', () => {
    const unmapped: string[] = [];
    for (const route of apiRoutes()) {
      // Staff calls name the account's own records (staff members …): staff-access-walk.test.ts.
      if (isStaffPermission(route.permission)) continue;
      const path = route.endpoint!.path;
      for (const slot of idSlotsOf(route)) {
        const key = slot.split('.')[1]!;
        if (ID_SLOTS[path]?.[slot] || SHARED_ID_SLOTS[path]?.includes(slot) || SHARED_ID_KEYS.has(key))
          continue;
        unmapped.push(`${path} ${slot}`);
      }
    }
    expect(unmapped).toEqual([]);
  });

  it('(a) refuses every non-public route without a token or with a forged one', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      for (const token of [undefined, 'f'.repeat(64), "' OR 1=1 --"]) {
        const answer = await world.send({
          method: route.method,
          url: fillParams(route.url, {}),
          token,
          ...(route.method === 'POST' ? { body: {} } : {}),
        });
        figures.probes++;
        if (answer.code === ResultCode.invalidToken && answer.data === null) figures.noTokenRefused++;
        else
          failures.push(
            `${route.method} ${route.url} token=${String(token)}: ${answer.status} ${answer.text.slice(0, 120)}`,
          );
      }
      if (route.method !== 'POST') continue;
      // A real token in the query string counts only on the GET links that declare it (brief §5).
      const answer = await world.send({
        method: route.method,
        url: fillParams(route.url, {}),
        query: { token: world.tokens.demo },
        body: {},
      });
      figures.probes++;
      if (answer.code === ResultCode.invalidToken) figures.noTokenRefused++;
      else failures.push(`${route.method} ${route.url} ?token=: ${answer.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(figures.noTokenRefused).toBeGreaterThan(100);
  });

  it('(b) refuses the viewer every route outside catalogue, notices and code-free calls; what it sees is its own', async () => {
    const viewer = { menus: [MENU_CODES.catalog, MENU_CODES.notice] as string[], showAddress: false };
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      if (route.endpoint && SESSION_ENDING.has(route.endpoint.path)) continue;
      const request = route.endpoint
        ? buildRequest(route, {}, true)
        : {
            method: route.method,
            url: fillParams(route.url, {}),
            ...(route.method === 'POST' ? { body: {} } : {}),
          };
      const answer = await world.send({ ...request, token: world.tokens.viewer });
      figures.probes++;
      const leaked = foreignValuesIn(answer, 'partner');
      if (leaked.length > 0)
        failures.push(`${route.url} shows partner data: ${leaked.slice(0, 3).join(', ')}`);
      if (grants(route, viewer)) continue;
      if (answer.code === refusalOf(route) && answer.data === null) figures.viewerRefused++;
      else failures.push(`${route.method} ${route.url}: ${answer.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(figures.viewerRefused).toBeGreaterThan(20);
  });

  it('every call open to any signed-in user is on the reviewed list of code-free calls', () => {
    const open = routes
      .filter((r) => !r.isPublic && r.permission === 'signed-in')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual(Object.keys(NO_CODE_CALLS).sort());
  });

  for (const attacker of ['demo', 'partner'] as const) {
    const victim = ATTACKER_OF[attacker];
    it(`(${attacker === 'demo' ? 'c' : 'd'}) ${attacker} never sees or changes ${victim}'s records, whatever ids it sends`, async () => {
      const before = await world.fingerprint(victim);
      const own = world.records[attacker].ids;
      const foreign = world.records[victim].ids;
      const failures: string[] = [];
      const ownSeen = new Set<string>();
      let plainOk = 0;
      const check = (label: string, answer: Answer, mustRefuse: boolean) => {
        figures.probes++;
        figures.crossCompanyProbes++;
        const leaked = foreignValuesIn(answer, victim);
        if (leaked.length > 0) {
          figures.foreignRecords++;
          failures.push(`${label} shows ${victim}'s ${leaked.slice(0, 3).join(', ')}`);
        }
        if (answer.code === ResultCode.internal || answer.status >= 500)
          failures.push(`${label}: ${answer.text.slice(0, 160)}`);
        // Controls: the scan must see the caller's own records, and a refusal must come from the
        // service (not a schema error of a malformed probe), or the walk would prove nothing.
        for (const value of world.records[attacker].distinctive)
          if (answer.text.includes(value)) ownSeen.add(value);
        if (answer.code === ResultCode.ok) plainOk++;
        if (
          answer.code === ResultCode.validation &&
          !SERVICE_VALIDATED.some((path) => label.startsWith(path))
        )
          failures.push(`${label} never reached the service: ${answer.text.slice(0, 160)}`);
        if (!mustRefuse) return;
        if (answer.code !== ResultCode.ok) figures.crossCompanyRefused++;
        else failures.push(`${label} accepted ${victim}'s id: ${answer.text.slice(0, 160)}`);
      };

      for (const route of apiRoutes()) {
        const path = route.endpoint!.path;
        if (SESSION_ENDING.has(path) || route.permission === 'public') continue;
        const slots = ID_SLOTS[path] ?? {};
        const token = world.tokens[attacker];
        // Without foreign ids: lists, dashboards, the caller's own records.
        check(`${path} (plain)`, await world.send({ ...buildRequest(route, {}, true), token }), false);
        const ownIds = Object.fromEntries(
          Object.entries(slots).map(([slot, kind]) => [slot, own[kind][0] ?? 1] as const),
        );
        for (const [slot, kind] of Object.entries(slots)) {
          for (const id of foreign[kind].slice(0, 3)) {
            const request = buildRequest(route, { ...ownIds, [slot]: id });
            check(
              `${path} ${slot}=${victim}:${kind}:${id}`,
              await world.send({ ...request, token }),
              !IGNORED_NOT_REFUSED.has(`${path} ${slot}`),
            );
          }
        }
        if (Object.keys(slots).length > 1) {
          // Every slot foreign at once (an order with its own line, for instance).
          const allForeign = Object.fromEntries(
            Object.entries(slots).map(([slot, kind]) => [slot, foreign[kind][0] ?? 1] as const),
          );
          check(
            `${path} all=${victim}`,
            await world.send({ ...buildRequest(route, allForeign), token }),
            true,
          );
        }
      }
      // Shared products for which the victim keeps its own numbers: the product is visible, the
      // victim's number is not, and searching by it finds nothing through the victim's list.
      const token = world.tokens[attacker];
      for (const { productId, number } of world.records[victim].ownNumbers) {
        const detail = routes.find((r) => r.endpoint?.path === '/Web/GetProductDetail/{id}')!;
        check(
          `GetProductDetail/${productId}`,
          await world.send({
            method: 'POST',
            url: fillParams(detail.url, { id: productId }),
            body: {},
            token,
          }),
          false,
        );
        const searches: [string, Record<string, unknown>][] = [
          ['/Web/GetProductList', { keyword: number, page: 1, pageSize: 50 }],
          ['/Web/GetStockProductList', { keyword: number, page: 1, pageSize: 50 }],
          ['/Web/MatchPartNumbers', { text: number }],
          ['/Web/AddProBodyByNumber', { number, qty: 1 }],
        ];
        for (const [path, body] of searches) {
          const answer = await world.send({ method: 'POST', url: `${prefix}${path}`, body, token });
          // The attacker's own words come back as `input` of a match line: not a leak.
          const text = answer.text.split(JSON.stringify(number)).join('""');
          check(`${path} by ${victim}'s own number ${number}`, { ...answer, text }, false);
          if (/"(status|kind)":"my_number"/.test(answer.text)) {
            failures.push(`${path}: ${number} matched through ${victim}'s own numbers`);
          }
        }
      }
      // Control: the victim itself does match its numbers through its list.
      let victimMatches = 0;
      for (const { number } of world.records[victim].ownNumbers) {
        const own = await world.send({
          method: 'POST',
          url: `${prefix}/Web/MatchPartNumbers`,
          body: { text: number },
          token: world.tokens[victim],
        });
        if (own.text.includes('"status":"my_number"')) victimMatches++;
      }
      expect(victimMatches).toBeGreaterThan(0);
      const after = await world.fingerprint(victim);
      if (after !== before) {
        figures.foreignWrites++;
        failures.push(`${victim}'s records changed: ${before} → ${after}`);
      }
      expect(failures).toEqual([]);
      expect(figures.crossCompanyRefused).toBeGreaterThan(30);
      expect(plainOk).toBeGreaterThan(30);
      expect(ownSeen.size).toBeGreaterThan(10);
      figures[`${attacker}OwnValuesSeen`] = ownSeen.size;
    });
  }

  it('(e) refuses bodies and query strings carrying fields the client must not set', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const endpoint = route.endpoint!;
      if (route.method !== 'POST' || SESSION_ENDING.has(endpoint.path)) continue;
      // A customer token never reaches a staff call's body; the staff walk sends staff tokens.
      if (isStaffPermission(endpoint.permission)) continue;
      const base = buildRequest(route, {});
      const known = new Set(bodyKeys(endpoint.body));
      // The payment provider's callback takes any object on purpose; its signature refuses the rest.
      const looseBody = !objectSchemasOf(endpoint.body).every(isStrictObject) || isRecordBody(endpoint.body);
      const variants: { label: string; body: unknown; query?: Record<string, string | number> }[] = [];
      for (const [field, value] of Object.entries(SERVER_OWNED_FIELDS)) {
        if (known.has(field)) continue;
        variants.push({ label: field, body: { ...((base.body as object | null) ?? {}), [field]: value } });
      }
      // Nested objects (cart items, the vehicle filter) are strict too.
      const sample = (base.body ?? {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(sample)) {
        const first = Array.isArray(value) ? value[0] : value;
        if (first && typeof first === 'object' && !Array.isArray(first)) {
          const tampered = { ...first, price: '0.01', company_id: COMPANY_IDS.partner };
          variants.push({
            label: `${key}[].price`,
            body: { ...sample, [key]: Array.isArray(value) ? [tampered] : tampered },
          });
        }
      }
      if (base.query)
        variants.push({
          label: 'query.company_id',
          body: base.body,
          query: { ...base.query, company_id: COMPANY_IDS.partner },
        });
      for (const variant of variants) {
        const answer = await world.send({
          method: route.method,
          url: base.url,
          body: variant.body,
          ...(variant.query ? { query: variant.query } : base.query ? { query: base.query } : {}),
          token: endpoint.permission === 'public' ? undefined : world.tokens.demo,
        });
        figures.probes++;
        const refused = looseBody ? answer.code !== ResultCode.ok : answer.code === ResultCode.validation;
        if (refused && answer.data === null) figures.unknownFieldsRefused++;
        else {
          figures.unknownFieldsAccepted++;
          failures.push(`${endpoint.path} + ${variant.label}: ${answer.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(figures.unknownFieldsRefused).toBeGreaterThan(200);
  });

  it('(e) refuses an import upload carrying form fields besides the file', async () => {
    const { utils, write } = await import('@e965/xlsx');
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ['number', 'qty'],
        ['W 610/3', 2],
      ]),
      'Sheet1',
    );
    const xlsx = write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const boundary = '----accesswalk';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const upload = (before: string, after: string) =>
      Buffer.concat([
        Buffer.from(
          `${before}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        xlsx,
        Buffer.from(`\r\n${after}--${boundary}--\r\n`),
      ]);
    const send = (payload: Buffer) =>
      world.t.app.inject({
        method: 'POST',
        url: `${prefix}${IMPORT_BILL_PATH}`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          token: world.tokens.demo,
          lng: 'en',
        },
        payload,
      });
    // The control: the same upload without extra fields is accepted.
    expect((await send(upload('', ''))).json().code).toBe(ResultCode.ok);
    for (const payload of [
      upload(field('company_id', String(COMPANY_IDS.partner)), ''),
      upload('', field('price', '0.01')),
      upload(field('role', 'admin'), field('account_id', '2')),
    ]) {
      const answer = (await send(payload)).json() as { code: number; data: unknown };
      figures.probes++;
      expect(answer.code).toBe(ResultCode.validation);
      expect(answer.data).toBeNull();
      figures.unknownFieldsRefused++;
    }
  });

  it('every JSON body schema of the contract refuses unknown keys', () => {
    const loose: string[] = [];
    for (const endpoint of contractEndpoints()) {
      if (isRecordBody(endpoint.body)) continue;
      for (const schema of [endpoint.body, ...(endpoint.params ? [endpoint.params] : [])]) {
        for (const object of objectSchemasOf(schema))
          if (!isStrictObject(object)) loose.push(`${endpoint.path} {${bodyKeys(object).join(', ')}}`);
      }
    }
    expect(loose).toEqual([]);
  });

  // Last but one: granted writes below really change the demo company's records (a cancelled
  // order, a deleted address), which the cross-company probes above must not meet.
  // Same company, one grant each: the walk above proved no company sees another's records, but
  // a catalogue-only user could list and cancel its own company's unpaid orders. Every call is
  // tried by a user holding exactly one menu code (or only the address switch): it answers
  // 40003 unless the route grants that code, and the code-free calls show none of the
  // company's records.
  it('(b2) every route against a user of the same company holding one grant only', async () => {
    const failures: string[] = [];
    const ownRecords = world.records.demo.distinctive.filter(
      (value) => !NO_CODE_VISIBLE.some((visible) => visible === value),
    );
    for (const holder of singleGrantHolders) {
      for (const route of routes.filter((r) => !r.isPublic)) {
        if (route.endpoint && SESSION_ENDING.has(route.endpoint.path)) continue;
        const request = route.endpoint
          ? buildRequest(route, { ...ownIds(route) }, true)
          : {
              method: route.method,
              url: fillParams(route.url, {}),
              ...(route.method === 'POST' ? { body: {} } : {}),
            };
        const answer = await world.send({ ...request, token: holder.token });
        figures.probes++;
        figures.singleGrantProbes++;
        const label = `${holder.name} ${route.method} ${route.url}`;
        if (!grants(route, holder)) {
          if (answer.code === refusalOf(route) && answer.data === null) figures.singleGrantRefused++;
          else failures.push(`${label} not refused: ${answer.text.slice(0, 160)}`);
          continue;
        }
        figures.singleGrantAllowed++;
        const alsoNeeded = route.endpoint ? ALSO_NEEDS[route.endpoint.path] : undefined;
        if (alsoNeeded && !alsoNeeded.some((code) => holder.menus.includes(code))) {
          if (answer.code === ResultCode.forbidden) figures.singleGrantRefused++;
          else failures.push(`${label} not refused without ${alsoNeeded.join('/')}`);
          continue;
        }
        if (answer.code === ResultCode.forbidden) failures.push(`${label} refused although granted`);
        if (route.permission === 'signed-in') {
          // The dashboard's notice figure is the notice holder's to see.
          const mayShow = (value: string) =>
            route.endpoint?.path === dashboardEndpoints.getDashboard.path &&
            holder.menus.includes(MENU_CODES.notice) &&
            noticeTitles.has(value);
          const seen = ownRecords.filter((value) => answer.text.includes(value) && !mayShow(value));
          if (seen.length > 0)
            failures.push(`${label} shows company records: ${seen.slice(0, 3).join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Controls: the grants open something and refuse a lot, so the walk can fail both ways.
    expect(figures.singleGrantRefused).toBeGreaterThan(500);
    expect(figures.singleGrantAllowed).toBeGreaterThan(100);
    // The pending orders are refused to a catalogue-only user and shown to the cart holder.
    const pending = routes.find((r) => r.endpoint?.path === orderEndpoints.getPendingOrders.path)!;
    const catalogueOnly = singleGrantHolders.find((h) => h.name === MENU_CODES.catalog)!;
    const cartOnly = singleGrantHolders.find((h) => h.name === MENU_CODES.cart)!;
    const refused = await world.send({ ...buildRequest(pending, {}, true), token: catalogueOnly.token });
    expect(refused.code).toBe(ResultCode.forbidden);
    const shown = await world.send({ ...buildRequest(pending, {}, true), token: cartOnly.token });
    expect(shown.code).toBe(200);
    expect((shown.data as { total: number }).total).toBeGreaterThan(0);
    // ~14 holders × every route: well past the default 30 s on a busy two-core machine.
  }, 180_000);

  it('logout ends only the caller’s own session', async () => {
    const spare = await world.t.login('partner', 'partner1234');
    const route = routes.find((r) => r.url === `${prefix}${toFastifyPath(authEndpoints.logout.path)}`)!;
    expect((await world.send({ method: route.method, url: route.url, token: spare })).code).toBe(
      ResultCode.ok,
    );
    expect((await world.send({ method: 'POST', url: `${prefix}/Web/GetUserInfo`, token: spare })).code).toBe(
      ResultCode.invalidToken,
    );
    const demoStill = await world.send({
      method: 'POST',
      url: `${prefix}/Web/GetUserInfo`,
      token: world.tokens.demo,
    });
    expect(demoStill.code).toBe(ResultCode.ok);
    expect(foreignValuesIn(demoStill, 'partner')).toEqual([]);
  });
});
