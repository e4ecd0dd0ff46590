import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openJobQueue } from './jobs';

// /metrics (issue 16 item 4): Prometheus text, per route pattern, pool and process metrics; only
// for loopback callers that came straight to the process, or for the bearer of METRICS_TOKEN.

const TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;
/** Same database, with METRICS_TOKEN; and one with metrics off (the default). */
let withToken: FastifyInstance;
let off: FastifyInstance;

beforeAll(async () => {
  // No web client: an unmatched GET must stay a 404, whether or not apps/web/dist was built.
  t = await createTestApp({ config: { metrics: true, webDir: '/nonexistent/web' } });
  withToken = await buildApp({
    config: testConfig({ metrics: true, metricsToken: TOKEN }),
    database: t.database,
  });
  off = await buildApp({ config: testConfig(), database: t.database });
}, 60_000);
afterAll(async () => {
  await withToken?.close();
  await off?.close();
  await t?.close();
});

type ScrapeOptions = { remoteAddress?: string; headers?: Record<string, string> };
const scrape = (app: FastifyInstance, options: ScrapeOptions = {}) =>
  app.inject({ method: 'GET', url: '/metrics', ...options });

describe('/metrics', () => {
  it('counts requests and their latency per route pattern, never per raw URL', async () => {
    await t.call('/Auth/Login', { user_id: 'nobody', password: 'wrong-pass', account_id: 1 });
    await t.call('/Web/GetCartList/123', {});
    await t.call('/Web/GetCartList/456', {});
    await t.app.inject({ method: 'GET', url: '/no/such/page/789' });
    const answer = await scrape(t.app);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/Auth\/Login",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/Web\/GetCartList\/:n",status_code="200"\} 2$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/Auth\/Login"/m,
    );
    expect(text).toMatch(/route="unmatched",status_code="404"\} 1$/m);
    // The envelope's result code per route (HTTP says 200 for all of them).
    expect(text).toMatch(/^api_answers_total\{route="\/api\/Auth\/Login",code="40000"\} 1$/m);
    expect(text).toMatch(/^api_answers_total\{route="\/api\/Web\/GetCartList\/:n",code="50008"\} 2$/m);
    for (const raw of ['123', '456', '789']) expect(text).not.toContain(`/${raw}`);
    // Process metrics from prom-client's defaults.
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('shows the PostgreSQL pool of this process (PGlite has none)', async () => {
    const text = (await scrape(t.app)).body;
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
      expect(text).toMatch(/^db_pool_max_connections 5$/m);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });

  it('shows the shared job queue per queue and state, and the imports in progress', async () => {
    // The test app runs with JOBS=off: no queue schema yet, so no series (and no error).
    expect((await scrape(t.app)).body).not.toMatch(/^job_queue_jobs\{/m);
    const queue = await openJobQueue({
      database: t.database,
      config: { jobs: 'inline', jobsPollSeconds: 1, jobsMaintenanceSeconds: 30 },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    try {
      await queue.send('metrics-probe', { n: 1 });
      await queue.send('metrics-probe', { n: 2 });
      await t.database.rows(sql`insert into accounts (id, name) values (1, 'A') on conflict do nothing`);
      const [file] = await t.database.rows<{ id: number }>(
        sql`insert into import_files (account_id, filename, format) values (1, 'p.csv', 'csv') returning id`,
      );
      const [running] = await t.database.rows<{ id: number }>(
        sql`insert into imports (account_id, file_id, kind, state, total_rows, rows_done)
            values (1, ${file!.id}, 'products', 'running', 1000, 250) returning id`,
      );
      const text = (await scrape(t.app)).body;
      expect(text).toMatch(/^job_queue_jobs\{queue="metrics-probe",state="created"\} 2$/m);
      expect(text).toContain(
        `import_rows{import_id="${running!.id}",kind="products",state="running",of="done"} 250`,
      );
      expect(text).toContain(
        `import_rows{import_id="${running!.id}",kind="products",state="running",of="total"} 1000`,
      );
      await t.database.rows(sql`update imports set state = 'done' where id = ${running!.id}`);
      expect((await scrape(t.app)).body).not.toContain(`import_id="${running!.id}"`);
    } finally {
      await queue.stop();
    }
  });

  it('answers 404 to a caller from another machine, or one that came through a proxy', async () => {
    for (const options of <ScrapeOptions[]>[
      { remoteAddress: '203.0.113.7' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
    ]) {
      const answer = await scrape(t.app, options);
      expect(answer.statusCode, JSON.stringify(options)).toBe(404);
      expect(answer.body).toBe('Not found');
    }
  });

  it('with METRICS_TOKEN, answers only its bearer, from anywhere', async () => {
    expect((await scrape(withToken)).statusCode).toBe(404);
    expect((await scrape(withToken, { headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(
      404,
    );
    expect((await scrape(withToken, { headers: { authorization: TOKEN } })).statusCode).toBe(404);
    const answer = await scrape(withToken, {
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('http_request_duration_seconds');
  });

  it('is not there unless METRICS=true', async () => {
    const answer = await scrape(off);
    expect(answer.body).not.toContain('http_request_duration_seconds');
    expect(off.routeTable.some((route) => route.url === '/metrics')).toBe(false);
  });
});
