// Back-office benchmark (issue 15): the order desk's queue and the sales report over the 1M-line
// PostgreSQL bench database, one connection (a staff member's own requests, no queueing).
// Targets: queue page 1, and filtered by company and state, p95 ≤ 20 ms (the brief's list
// budget); the sales report by month × company over 12 months p95 ≤ 50 ms (decision 024: it
// reads the sales summary kept on write; a GROUP BY over the sales lines is reported beside it).
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/password';
import { STAFF_SECRETS, staffSignInOverHttp } from '../apps/server/test/staff-test-kit';
import { notes, rows } from './report';
import { startServer } from './server-process';
import { BENCH_PG_URL, ensureSeeded } from './bench-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export async function backOfficeScenario() {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  await ensureSeeded(client);
  const server = await startServer({ DATABASE_URL: BENCH_PG_URL, DEMO_DATA: 'false' });
  try {
    // The server has migrated the database; a sales member with a known TOTP secret signs in.
    await client.query(
      `insert into staff (account_id, login, name, role, password_hash, totp_secret)
       values (1, 'bench-sales', 'Bench sales', 'sales', $1, $2)
       on conflict do nothing`,
      [await hashPassword('bench-pass-1', 1024), STAFF_SECRETS.sales],
    );
    const size = (
      await client.query<{ lines: number; sales_lines: number; company: number; company_orders: number }>(
        `select (select count(*) from order_lines)::int as lines,
          (select count(*) from sales_lines)::int as sales_lines,
          c.id as company, (select count(*) from orders o where o.company_id = c.id)::int as company_orders
         from companies c where c.account_id = 1
         order by (select count(*) from orders o where o.company_id = c.id) desc limit 1`,
      )
    ).rows[0]!;
    // A direct GROUP BY over the sales lines, for comparison with the summary (one run, warm).
    const month = new Date();
    const from = `${month.getUTCFullYear() - 1}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
    const to = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
    const directSql = `select to_char(date_trunc('month', b.bill_date at time zone 'UTC'), 'YYYY-MM'), l.company_id,
        count(*), sum(l.qty), sum(l.sum)
      from sales_lines l join sales_bills b on b.id = l.sales_bill_id join companies c on c.id = l.company_id
      where c.account_id = 1 and b.bill_date >= '${from}-01' and b.bill_date < ('${to}-01'::date + interval '1 month')
      group by 1, 2`;
    await client.query(directSql);
    const directStarted = performance.now();
    await client.query(directSql);
    const directMs = performance.now() - directStarted;

    const token = await staffSignInOverHttp(server.url, 'bench-sales', 'bench-pass-1', STAFF_SECRETS.sales);
    const measure = async (path: string, body: object) => {
      const run = (duration: number) =>
        autocannon({
          url: `${server.url}/api${path}`,
          method: 'POST',
          connections: 1,
          duration,
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify(body),
        });
      await run(2); // warm-up
      const result = await run(Math.max(3, SECONDS / 2));
      return { result, errors: result.errors + result.non2xx };
    };
    const cases: Array<{ metric: string; path: string; body: object; target: number }> = [
      {
        metric: 'order queue page 1',
        path: '/Admin/Orders/Queue',
        body: { page: 1, pageSize: 20 },
        target: 20,
      },
      {
        metric: `order queue, company ${size.company} + state delivered`,
        path: '/Admin/Orders/Queue',
        body: { page: 1, pageSize: 20, company_id: size.company, states: ['delivered'] },
        target: 20,
      },
      {
        metric: `sales report month × company, ${from} … ${to}`,
        path: '/Admin/Reports/Sales',
        body: { month_from: from, month_to: to, group_by: ['month', 'company'] },
        target: 50,
      },
    ];
    for (const item of cases) {
      const { result, errors } = await measure(item.path, item.body);
      rows.push({
        scenario: `back office (PostgreSQL, ${size.lines} order lines, one connection)`,
        metric: `${item.metric} p97.5 (${errors} errors)`,
        value: result.latency.p97_5,
        unit: 'ms',
        target: `p95 ≤ ${item.target} ms`,
        pass: result.latency.p97_5 <= item.target && errors === 0,
      });
    }
    rows.push({
      scenario: 'back office (PostgreSQL)',
      metric: 'the same sales figures as a GROUP BY over the sales lines (one run, warm)',
      value: Math.round(directMs * 10) / 10,
      unit: 'ms',
    });
    notes.push(
      `Back office: ${size.lines} order lines, ${size.sales_lines} sales lines; the biggest company has ` +
        `${size.company_orders} orders. The sales report reads sales_month_totals (migration 0029, kept by ` +
        'triggers on sales_lines); the queue reads the order desk indexes of migration 0020.',
    );
  } finally {
    await server.stop();
    await client.end();
  }
}
