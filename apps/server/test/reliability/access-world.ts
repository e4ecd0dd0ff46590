import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { DEMO_IDS, seedDemoData } from '../../src/db/seed/demo-data';
import { createTestApp, type TestApp } from '../test-app';

/** Small catalogue: the walk needs every kind of customer record, not volume. */
const PARTS = 300;
export const WORLD_SEED = 7;

export type CompanyName = 'demo' | 'partner';

export const COMPANY_IDS: Record<CompanyName, number> = {
  demo: DEMO_IDS.demoCompany,
  partner: DEMO_IDS.partnerCompany,
};

/** The records one company owns: ids to send as the other company, texts that must never leak. */
export interface CompanyRecords {
  companyId: number;
  ids: {
    order: number[];
    orderLine: number[];
    cartLine: number[];
    address: number[];
    delivery: number[];
    salesBill: number[];
    purchase: number[];
    payment: number[];
    notice: number[];
    savedList: number[];
  };
  /** Products (shared) for which this company keeps its own part number, with that number. */
  ownNumbers: { productId: number; number: string }[];
  /** Values only this company's answers may contain (bill numbers, addresses, own part numbers …). */
  distinctive: string[];
}

export interface SentRequest {
  method: string;
  /** Full URL with prefix and filled params, without the query string. */
  url: string;
  token?: string | undefined;
  /** JSON body (serialized here); `raw` wins when both are given. */
  body?: unknown;
  raw?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  text: string;
  /** The envelope's code, or undefined when the answer is not JSON (pictures, pages). */
  code: number | undefined;
  data: unknown;
  ms: number;
}

export interface World {
  t: TestApp;
  send(request: SentRequest): Promise<Answer>;
  tokens: { demo: string; viewer: string; partner: string; admin: string };
  records: Record<CompanyName, CompanyRecords>;
  /** md5 over every row the company owns; unchanged = no one else wrote to it. */
  fingerprint(company: CompanyName): Promise<string>;
}

const numbers = async (database: Database, query: ReturnType<typeof sql>) =>
  (await database.rows<{ v: number | string }>(query)).map((row) => Number(row.v));
const texts = async (database: Database, query: ReturnType<typeof sql>) =>
  (await database.rows<{ v: string | null }>(query)).map((row) => row.v ?? '');

async function loadRecords(database: Database, companyId: number): Promise<CompanyRecords> {
  const ids = {
    order: await numbers(
      database,
      sql`select id as v from orders where company_id = ${companyId} order by id`,
    ),
    orderLine: await numbers(
      database,
      // Same order as `order` below, so the first line belongs to the first order.
      sql`select l.id as v from order_lines l join orders o on o.id = l.order_id
          where l.company_id = ${companyId}
          order by (o.state = 'pending_payment') desc, o.id, l.id limit 20`,
    ),
    cartLine: await numbers(database, sql`select id as v from cart_items where company_id = ${companyId}`),
    address: await numbers(database, sql`select id as v from addresses where company_id = ${companyId}`),
    delivery: await numbers(
      database,
      sql`select id as v from deliveries where company_id = ${companyId} order by id limit 20`,
    ),
    salesBill: await numbers(
      database,
      sql`select id as v from sales_bills where company_id = ${companyId} order by id limit 20`,
    ),
    purchase: await numbers(
      database,
      sql`select id as v from purchases where supplier_company_id = ${companyId} order by id limit 20`,
    ),
    payment: await numbers(
      database,
      sql`select id as v from payments where company_id = ${companyId} order by id limit 20`,
    ),
    notice: await numbers(
      database,
      sql`select notice_id as v from notice_companies where company_id = ${companyId}`,
    ),
    savedList: await numbers(database, sql`select id as v from saved_lists where company_id = ${companyId}`),
  };
  // Pending orders first: they are the ones a cancel, edit or payment could still change.
  const pendingFirst = await numbers(
    database,
    sql`select id as v from orders where company_id = ${companyId}
        order by (state = 'pending_payment') desc, id limit 20`,
  );
  ids.order = pendingFirst;
  const distinctive = [
    ...(await texts(database, sql`select name as v from companies where id = ${companyId}`)),
    ...(await texts(database, sql`select no as v from orders where company_id = ${companyId}`)),
    ...(await texts(database, sql`select no as v from deliveries where company_id = ${companyId}`)),
    ...(await texts(database, sql`select no as v from sales_bills where company_id = ${companyId}`)),
    ...(await texts(database, sql`select no as v from purchases where supplier_company_id = ${companyId}`)),
    ...(await texts(database, sql`select no as v from payments where company_id = ${companyId}`)),
    ...(await texts(database, sql`select name as v from saved_lists where company_id = ${companyId}`)),
    ...(await texts(
      database,
      sql`select unnest(array[address, phone, contact_name]) as v from addresses where company_id = ${companyId}`,
    )),
    ...(await texts(
      database,
      sql`select my_number as v from customer_part_numbers where company_id = ${companyId}`,
    )),
    ...(await texts(
      database,
      sql`select unnest(array[title_zh, title_en, title_es]) as v from notices where id in (select notice_id from notice_companies where company_id = ${companyId})`,
    )),
  ];
  const ownNumbers = (
    await database.rows<{ product_id: number; my_number: string }>(
      sql`select product_id, my_number from customer_part_numbers where company_id = ${companyId}
          order by product_id limit 5`,
    )
  ).map((row) => ({ productId: Number(row.product_id), number: row.my_number }));
  return { companyId, ids, ownNumbers, distinctive: [...new Set(distinctive)] };
}

const FINGERPRINT_TABLES: { table: string; column: string }[] = [
  { table: 'companies', column: 'id' },
  { table: 'addresses', column: 'company_id' },
  { table: 'cart_items', column: 'company_id' },
  { table: 'orders', column: 'company_id' },
  { table: 'order_lines', column: 'company_id' },
  { table: 'deliveries', column: 'company_id' },
  { table: 'sales_bills', column: 'company_id' },
  { table: 'purchases', column: 'supplier_company_id' },
  { table: 'payments', column: 'company_id' },
  { table: 'ledger_entries', column: 'company_id' },
  { table: 'payment_requests', column: 'company_id' },
  { table: 'customer_part_numbers', column: 'company_id' },
  { table: 'saved_lists', column: 'company_id' },
];

/** The demo data (both companies with orders, bills, addresses, cart lines …) and the four logins. */
export async function createWorld(): Promise<World> {
  const t = await createTestApp({
    seed: async (database) => {
      await seedDemoData(database, {
        parts: PARTS,
        seed: WORLD_SEED,
        now: new Date(),
        passwordHashMemoryKiB: 1024,
      });
      // A saved part list per company (the demo data has none), from its cart lines.
      for (const companyId of Object.values(COMPANY_IDS)) {
        await database.db.execute(
          sql`insert into saved_lists (company_id, name) values (${companyId}, ${`Kit of company ${companyId} ${WORLD_SEED}`})`,
        );
        await database.db.execute(
          sql`insert into saved_list_items (list_id, seq, product_id, store_id, qty)
            select l.id, row_number() over (order by c.id), c.product_id, c.store_id, c.qty
            from cart_items c join saved_lists l on l.company_id = c.company_id
            where c.company_id = ${companyId}`,
        );
      }
    },
  });
  const tokens = {
    demo: await t.login('demo', 'demo1234'),
    viewer: await t.login('viewer', 'viewer1234'),
    partner: await t.login('partner', 'partner1234'),
    admin: await t.login('admin', 'admin1234'),
  };
  const demo = await loadRecords(t.database, COMPANY_IDS.demo);
  const partner = await loadRecords(t.database, COMPANY_IDS.partner);
  // A value both companies have (a shared street name, say) proves nothing either way.
  const shared = new Set(demo.distinctive.filter((v) => partner.distinctive.includes(v)));
  for (const records of [demo, partner]) {
    records.distinctive = records.distinctive.filter((v) => v.trim().length >= 5 && !shared.has(v));
  }
  const fingerprint = async (company: CompanyName) => {
    const companyId = COMPANY_IDS[company];
    const parts: string[] = [];
    for (const { table, column } of FINGERPRINT_TABLES) {
      const rows = await t.database.rows<{ h: string | null }>(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t where ${column} = ${companyId}`,
        ),
      );
      parts.push(`${table}:${rows[0]?.h ?? ''}`);
    }
    return parts.join(' ');
  };
  const send = async (request: SentRequest): Promise<Answer> => {
    const query = request.query
      ? `?${new URLSearchParams(Object.entries(request.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
      : '';
    const payload = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    const started = performance.now();
    const response = await t.app.inject({
      method: request.method as 'GET' | 'POST',
      url: `${request.url}${query}`,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(request.token === undefined ? {} : { token: request.token }),
        ...request.headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
    const ms = performance.now() - started;
    let envelope: { code?: unknown; data?: unknown } | undefined;
    if (String(response.headers['content-type'] ?? '').includes('application/json')) {
      try {
        envelope = JSON.parse(response.body) as { code?: unknown; data?: unknown };
      } catch {
        envelope = undefined;
      }
    }
    return {
      status: response.statusCode,
      text: response.body,
      code: typeof envelope?.code === 'number' ? envelope.code : undefined,
      data: envelope?.data,
      ms,
    };
  };
  return { t, send, tokens, records: { demo, partner }, fingerprint };
}
