// Issue 20: where PostgreSQL's time goes per hot statement — parse, bind (planning) and execute —
// read from the server's statement log for one connection of this process. The statements are
// the repositories' own (this checkout's, or SPLIT_ROOT's for a same-run comparison with older
// code): the session lookup, the number search and its page's hydration (one statement since
// issue 20 item 1 when the code has `searchRows`), the successors lookup of the page (decision
// 019, when the code has it), the cart read. SPLIT_MODE=records: the record lists' page and
// total statements instead (orders, deliveries, sales bills, purchases; page 1 and page 3,
// no filter, then a date range), for the demo buyer's company.
//
//   node --import tsx bench/statement-split.ts [keyword] [runs]
//
// Needs a superuser connection (BENCH_DATABASE_URL; `set log_min_duration_statement` for this
// session only, nothing is changed in the server's configuration) and the log file readable
// (PG_LOG, default /var/log/postgresql/postgresql-15-main.log, stderr logging).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type * as ClientTypes from '../apps/server/src/db/client';
import type * as ServiceTypes from '../apps/server/src/modules/catalog/catalog.service';
import type * as ReposTypes from '../apps/server/src/repositories';
import { BENCH_PG_URL } from './bench-database';
import { median } from './report';
import { ROOT } from './server-process';

const keyword = process.argv[2] ?? '04465-33450';
const runs = Number(process.argv[3] ?? 300);
const root = path.resolve(process.env.SPLIT_ROOT ?? ROOT);
const logFile = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

type ClientModule = typeof ClientTypes;
type ReposModule = typeof ReposTypes;
type ServiceModule = typeof ServiceTypes;
const { openDatabase } = (await import(`${root}/apps/server/src/db/client.ts`)) as ClientModule;
const { createRepositories } = (await import(`${root}/apps/server/src/repositories.ts`)) as ReposModule;
const { searchProducts } = (await import(
  `${root}/apps/server/src/modules/catalog/catalog.service.ts`
)) as ServiceModule;

const database = await openDatabase({ databaseUrl: BENCH_PG_URL, dataDir: '', poolSize: 1 });
const repos = createRepositories(database.db);
const [me] = await database.rows<{ pid: number }>(sql`select pg_backend_pid() as pid`);
const [buyer] = await database.rows<{ user_id: number; company_id: number; token_hash: string | null }>(sql`
  select u.id as user_id, u.company_id, (select s.token_hash from sessions s where s.user_id = u.id limit 1) as token_hash
  from users u where u.user_id = 'demo'`);
if (!buyer) throw new Error('no demo buyer');

const records = process.env.SPLIT_MODE === 'records';
// Loosely typed: SPLIT_ROOT may be older code (no hydration option, no supersessions).
const anyRepos = repos as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
const YEAR = 365 * 24 * 3600;
const [span] = await database.rows<{ last: number }>(
  sql`select extract(epoch from max(bill_date))::int as last from orders where company_id = ${buyer.company_id}`,
);
const dateTo = span?.last ?? Math.floor(Date.now() / 1000);
const dateFrom = dateTo - YEAR / 2;

async function recordLists(i: number) {
  const companyId = buyer!.company_id;
  const ranged = i % 2 === 1;
  const dates = ranged ? { dateFrom, dateTo } : {};
  const page = i % 3 === 0 ? 3 : 1;
  await repos.orderRecords.orderPage({ companyId, ...dates }, 'bill_date', 'desc', 20, (page - 1) * 20);
  await repos.orderRecords.orderSummary({ companyId, ...dates });
  for (const repo of ['deliveries', 'sales', 'purchases'] as const) {
    const sort = repo === 'deliveries' ? 'date' : 'bill_date';
    await anyRepos[repo]!.page!(companyId, dates, sort, 'desc', page, 20, 'en');
    await anyRepos[repo]!.totals!(companyId, dates);
  }
}

const logStart = fs.statSync(logFile).size;
await database.rows(sql`set log_min_duration_statement = 0`);
for (let i = 0; i < 50 + runs; i++) {
  if (records) {
    await recordLists(i);
    continue;
  }
  if (buyer.token_hash) await repos.auth.findSession(buyer.token_hash);
  const found = await searchProducts(repos.catalog, {
    companyId: buyer.company_id,
    keyword,
    filters: { accountId: 1 },
    sort: 'relevance',
    order: 'asc',
    page: 1,
    pageSize: 20,
    // Older code ignores it and answers hits only; then the hydration is its own statement.
    hydration: { companyId: buyer.company_id, language: 'en' },
  });
  const hits = found.hits as Array<{ id: number; product?: { brand_id: number; number: string } }>;
  const products = hits.every((hit) => hit.product)
    ? hits.map((hit) => hit.product!)
    : await repos.catalog.productRows(
        hits.map((hit) => hit.id),
        buyer.company_id,
        'en',
      );
  // The page's successors (decision 019), as GetProductList asks them, where the code has them.
  await anyRepos.supersessions?.successors?.(1, [
    ...products.map((row) => ({
      brandId: row.brand_id,
      key: row.number.replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
    })),
    { brandId: null, key: keyword.replace(/[^0-9A-Za-z]/g, '').toUpperCase() },
  ]);
  await repos.cart.listPage({ userId: buyer.user_id, companyId: buyer.company_id }, 50);
}
await database.rows(sql`set log_min_duration_statement = -1`);
await database.close();
await new Promise((resolve) => setTimeout(resolve, 500));

// "… [pid] user@db LOG:  duration: 0.123 ms  bind pp_x: select …" (the text runs on over lines).
const text = fs.readFileSync(logFile).subarray(logStart).toString('utf8');
const entries: Array<{ phase: string; name: string; ms: number; statement: string }> = [];
let current: (typeof entries)[number] | undefined;
for (const line of text.split('\n')) {
  const head = /^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[(\d+)\]/.exec(line);
  if (head) {
    current = undefined;
    if (Number(head[1]) !== me!.pid) continue;
    const logged = /duration: ([\d.]+) ms {2}(parse|bind|execute) ([^:]+): (.*)$/.exec(line);
    if (!logged) continue;
    current = { ms: Number(logged[1]), phase: logged[2]!, name: logged[3]!, statement: logged[4]! };
    entries.push(current);
  } else if (current) {
    current.statement += ` ${line.trim()}`;
  }
}

const label = (statement: string) => {
  const s = statement.replace(/\s+/g, ' ').trim();
  if (s.includes('from "sessions"')) return 'session lookup';
  if (s.includes('from cart_items')) return 'cart read';
  if (s.startsWith('with hits as') && s.includes('page as'))
    return 'number search + hydration (one statement)';
  if (s.includes('round(coalesce(cpc.price')) return 'hydration (productRows)';
  if (s.startsWith('with hits as')) return 'number search (tiers)';
  if (s.startsWith('with recursive k as')) return 'successors (supersessions)';
  if (records) {
    if (s.includes('with j as')) return 'orders page > 1 (day jump)';
    const table = /from "?(orders|deliveries|sales_bills|purchases|order_month_totals)"?/.exec(s)?.[1] ?? '?';
    const kind = /count\(|sum\(/.test(s) ? 'total' : 'page';
    return `${table} ${kind}`;
  }
  if (s.startsWith('set ') || s.startsWith('select pg_backend_pid')) return '';
  return s.slice(0, 40);
};
const groups = new Map<string, { name: string; parse: number[]; bind: number[]; execute: number[] }>();
for (const entry of entries) {
  const what = label(entry.statement);
  if (!what) continue;
  const group = groups.get(what) ?? { name: entry.name, parse: [], bind: [], execute: [] };
  group[entry.phase as 'parse' | 'bind' | 'execute'].push(entry.ms);
  groups.set(what, group);
}
const fmt = (values: number[]) =>
  values.length === 0 ? '–' : `${median(values.slice(-runs)).toFixed(3)} ms (${values.length}×)`;
console.log(
  `${root}: ${records ? 'record lists' : keyword}, 50 + ${runs} runs on one connection, medians of the last ${runs}`,
);
console.log('| statement | name | parse | bind (planning) | execute |\n| --- | --- | --- | --- | --- |');
for (const [what, group] of groups) {
  console.log(
    `| ${what} | ${group.name.startsWith('pp_') ? 'named pp_…' : group.name} | ${fmt(group.parse)} | ${fmt(group.bind)} | ${fmt(group.execute)} |`,
  );
}
process.exit(0);
