// Webhooks (issue 13 performance): 1,000 outbox events, each committed in its own transaction
// as the order services write them, delivered to a node:http receiver on 127.0.0.1 by the
// dispatcher and the delivery jobs (default settings: 8 deliveries at once, dispatcher every
// 200 ms, jobs polled every second) — the time from each event's COMMIT to its arrival (p50,
// p95), once as a burst (committed as fast as they go) and once paced at 50 events/s; then a receiver that is down for 60 s while 1,000 events are written: how long after it
// comes back until it has every event, and that a receiver deduplicating by Webhook-Id has each
// exactly once. In one process, on in-memory PGlite and on a fresh PostgreSQL database.
import { createAccount } from '../apps/server/test/fixtures';
import { WebhookReceiver } from '../apps/server/test/webhook-receiver';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createApiKeysService } from '../apps/server/src/modules/integration/api-keys.service';
import { createWebhooksService } from '../apps/server/src/modules/webhooks/webhooks.service';
import { openJobQueue } from '../apps/server/src/platform/jobs';
import { createDataAccess } from '../apps/server/src/repositories';
import { withFreshPostgres } from './bench-database';
import { percentile, rows } from './report';

const EVENTS = 1_000;
const OUTAGE_MS = 60_000;
/** Events per second of the paced run (an ERP's steady stream rather than a burst). */
const PACED_PER_SECOND = 50;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`webhooks bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measure(database: Database, label: string, withOutage: boolean) {
  const config = { ...loadConfig({}), jobs: 'inline' as const };
  const data = createDataAccess(database);
  await createAccount(database, 1);
  const key = await createApiKeysService(data).create(
    { accountId: 1, name: 'bench', scopes: ['orders:read'] },
    { kind: 'command', id: null, name: 'bench', ip: '' },
  );
  const jobs = await openJobQueue({ database, config, logger: silent });
  const webhooks = createWebhooksService({ ...data, jobs, config, logger: silent });
  const receiver = await new WebhookReceiver().start();
  const scenario = `webhooks (${label})`;
  try {
    await webhooks.create(
      { keyId: key.id, accountId: 1, scopes: ['orders:read'] },
      { url: receiver.url('/bench'), events: ['order.submitted'], description: '' },
    );
    await webhooks.startWorkers();
    const committed = new Map<string, number>();
    const emit = async (i: number) => {
      const row = await data.transaction((tx) =>
        tx.outbox.append({
          accountId: 1,
          type: 'order.submitted',
          entity: 'order',
          entityId: i,
          payload: { order_id: i, order_no: `SO-${i}`, state: 'pending_payment' },
        }),
      );
      committed.set(row.eventId, Date.now());
    };

    const started = Date.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < EVENTS; i++) await emit(i);
    const writeMs = Date.now() - started;
    await until(() => receiver.unique.size >= EVENTS, 300_000, 'the first 1,000 deliveries');
    const latencies = [...receiver.unique.values()].map((hit) => hit.at - committed.get(hit.webhookId)!);
    // CPU of this process (writer, dispatcher, jobs, receiver; PGlite too) per event: on a
    // shared, loaded machine the wall-clock figures are mostly waiting for a core.
    const used = process.cpuUsage(cpu);
    const cpuPerEvent = (used.user + used.system) / 1000 / EVENTS;
    rows.push(
      {
        scenario,
        metric: `burst: ${EVENTS.toLocaleString('en')} events committed one by one (${Math.round((EVENTS / writeMs) * 1000)}/s), commit → delivery p50`,
        value: percentile(latencies, 50),
        unit: 'ms',
      },
      {
        scenario,
        metric: 'burst: commit → delivery p95 (target ≤ 1 s)',
        value: percentile(latencies, 95),
        unit: 'ms',
      },
      {
        scenario,
        metric: `burst: first commit → last delivery (process CPU ${cpuPerEvent.toFixed(1)} ms per event)`,
        value: Date.now() - started,
        unit: 'ms',
      },
    );

    // Paced: the same 1,000 events at a steady rate.
    receiver.received.length = 0;
    receiver.unique.clear();
    committed.clear();
    const pacedStart = Date.now();
    for (let i = 0; i < EVENTS; i++) {
      const due = pacedStart + (i * 1000) / PACED_PER_SECOND;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      await emit(2 * EVENTS + i);
    }
    await until(() => receiver.unique.size >= EVENTS, 300_000, 'the paced deliveries');
    const paced = [...receiver.unique.values()].map((hit) => hit.at - committed.get(hit.webhookId)!);
    rows.push(
      {
        scenario,
        metric: `${EVENTS.toLocaleString('en')} events at ${PACED_PER_SECOND}/s, commit → delivery p50`,
        value: percentile(paced, 50),
        unit: 'ms',
      },
      {
        scenario,
        metric: `at ${PACED_PER_SECOND}/s: commit → delivery p95 (target ≤ 1 s)`,
        value: percentile(paced, 95),
        unit: 'ms',
      },
    );
    if (!withOutage) return;

    await receiver.stop();
    receiver.received.length = 0;
    receiver.unique.clear();
    committed.clear();
    const down = Date.now();
    for (let i = 0; i < EVENTS; i++) await emit(3 * EVENTS + i);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - down))));
    await receiver.start();
    const up = Date.now();
    await until(() => receiver.unique.size >= EVENTS, 900_000, 'the deliveries after the outage');
    const drainMs = Date.now() - up;
    const exactlyOnce =
      [...committed.keys()].every((id) => receiver.unique.has(`/bench ${id}`)) &&
      receiver.unique.size === EVENTS;
    rows.push({
      scenario,
      metric: `receiver down ${OUTAGE_MS / 1000} s during ${EVENTS.toLocaleString('en')} events: back up → all delivered (${exactlyOnce ? 'each id once after dedup' : 'MISSING OR EXTRA IDS'}, ${receiver.received.length} POSTs)`,
      value: drainMs,
      unit: 'ms',
    });
    if (!exactlyOnce)
      throw new Error('webhooks bench: the deduplicating receiver did not get every event exactly once');
  } finally {
    await webhooks.stop();
    await jobs.stop();
    await receiver.stop();
  }
}

export async function webhooksScenario() {
  // BENCH_WEBHOOKS=pglite|postgres runs one of the two.
  const only = process.env.BENCH_WEBHOOKS;
  if (only !== 'postgres') await onPglite();
  if (only !== 'pglite') await onPostgres();
}

async function onPglite() {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    await measure(pglite, 'PGlite in memory', false);
  } finally {
    await pglite.close();
  }
}

async function onPostgres() {
  await withFreshPostgres('webhooks', (postgres) => measure(postgres, 'PostgreSQL', true));
}
