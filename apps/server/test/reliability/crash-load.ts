import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { DEMO_IDS, seedDemoData } from '../../src/db/seed/demo-data';
import { plainProducts, setStock } from '../checkout-test-kit';
import { createUser } from '../fixtures';

/**
 * A stream of checkouts through HTTP the way a careful client sends them: each submission has
 * its own Idempotency-Key and is retried with that key (and the same body) until the server
 * answers, whatever happens to the server in between. Shared by the crash, outage and SIGTERM
 * suites (not a test file itself).
 */

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** What the shop holds before the load: buyers of the demo company and stocked products. */
export interface Shop {
  users: string[];
  password: string;
  products: number[];
  initialStock: number;
}

/** Demo data (small), `workers` buyers in the demo company (it has a default address), stock. */
export async function prepareShop(
  database: Database,
  options: { workers: number; products: number; stock: number },
): Promise<Shop> {
  await seedDemoData(database, { parts: 120, seed: 8, passwordHashMemoryKiB: 1024 });
  const password = 'load12345';
  const users: string[] = [];
  for (let i = 0; i < options.workers; i++) {
    const userId = `load${i}`;
    await createUser(database, {
      accountId: 1,
      companyId: DEMO_IDS.demoCompany,
      userId,
      password,
      showAddress: true,
    });
    users.push(userId);
  }
  const products = await plainProducts(database, options.products);
  for (const product of products) await setStock(database, product, options.stock);
  return { users, password, products, initialStock: options.stock };
}

export class TransportError extends Error {}

/** One POST; network failures (refused, reset, timeout) and non-200 HTTP throw TransportError. */
export async function post<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  options: { token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        lng: 'en',
        ...(options.token ? { token: options.token } : {}),
        ...options.headers,
      },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
  } catch (error) {
    throw new TransportError(error instanceof Error ? error.message : String(error));
  }
  if (response.status !== 200) throw new TransportError(`HTTP ${response.status}`);
  try {
    return (await response.json()) as Envelope<T>;
  } catch (error) {
    // The connection died half-way through the answer.
    throw new TransportError(error instanceof Error ? error.message : String(error));
  }
}

export async function login(baseUrl: string, userId: string, password: string): Promise<string> {
  const answer = await post<string>(baseUrl, '/Auth/Login', {
    user_id: userId,
    password,
    account_id: 1,
    from: 'web',
  });
  if (answer.code !== 200) throw new Error(`login ${userId}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A small deterministic RNG (mulberry32), so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Submission {
  key: string;
  user: string;
  lines: Array<{ cpid: number; qty: number }>;
}

/** `count` submissions of 1–3 distinct products, 1–3 units each, spread over the users. */
export function planSubmissions(
  shop: Shop,
  count: number,
  random: () => number,
  prefix: string,
): Submission[] {
  return Array.from({ length: count }, (_, i) => {
    const wanted = 1 + Math.floor(random() * 3);
    const chosen = new Set<number>();
    while (chosen.size < wanted) chosen.add(shop.products[Math.floor(random() * shop.products.length)]!);
    return {
      key: `${prefix}-${i}`,
      user: shop.users[i % shop.users.length]!,
      lines: [...chosen].map((cpid) => ({ cpid, qty: 1 + Math.floor(random() * 3) })),
    };
  });
}

export type Outcome =
  | { kind: 'ordered'; key: string; orderId: number; totalAmount: string; lines: Submission['lines'] }
  | { kind: 'refused'; key: string; msg: string }
  | { kind: 'anomaly'; key: string; code: number; msg: string }
  /** The client stopped (the server is shutting down for good) before the final answer. */
  | { kind: 'unfinished'; key: string };

/** Thrown instead of a retry once the client has been told to stop. */
export class StoppedError extends Error {}

export interface LoadStats {
  requests: number;
  /** Requests that failed in transport or with 50000 and were sent again. */
  retries: number;
  /** Answers with a code meaning "internal" — kept for the outage suite's figures. */
  internalErrors: number;
  /** Answers with the "database unavailable" code. */
  unavailable: number;
}

export interface Client {
  baseUrl: () => string;
  stats: LoadStats;
  /** Gives up when one request has not been answered within this long. */
  patienceMs: number;
  /**
   * True once the server is going away for good: requests on the way still get their answers,
   * but nothing new is sent and nothing failed is retried.
   */
  stopped?: () => boolean;
  /** Sees every attempt: when it was sent, how long its answer took, its code (or a transport failure). */
  onAttempt?: (attempt: { sent: number; ms: number; code: number | 'transport' }) => void;
}

/** Codes after which the same request is simply sent again. */
const RETRYABLE = new Set([50000, 50003]);

/** Sends until an answer other than a transport failure or a retryable code arrives. */
async function persist<T>(
  client: Client,
  send: (baseUrl: string) => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (client.stopped?.()) throw new StoppedError('stopped');
    client.stats.requests++;
    let failure: string;
    const sent = Date.now();
    try {
      const answer = await send(client.baseUrl());
      client.onAttempt?.({ sent, ms: Date.now() - sent, code: answer.code });
      if (answer.code === 50000) client.stats.internalErrors++;
      if (answer.code === 50003) client.stats.unavailable++;
      if (!RETRYABLE.has(answer.code)) return answer;
      failure = `${answer.code} ${answer.msg}`;
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      client.onAttempt?.({ sent, ms: Date.now() - sent, code: 'transport' });
      failure = error.message;
    }
    if (Date.now() - started > client.patienceMs) {
      throw new Error(`no answer within ${client.patienceMs} ms after ${attempt + 1} attempts: ${failure}`);
    }
    client.stats.retries++;
    await new Promise((resolve) => setTimeout(resolve, Math.min(25 * 2 ** attempt, 250)));
  }
}

interface CartAnswer {
  list: Array<{ id: number; cpid: number; qty: number }>;
}

const sameLines = (cart: CartAnswer['list'], lines: Submission['lines']) =>
  cart.length === lines.length &&
  lines.every((line) => cart.some((row) => row.cpid === line.cpid && row.qty === line.qty));

/**
 * Puts exactly the submission's lines into the user's cart (an earlier attempt may have added
 * them already, or a refused submission left its lines) and answers their ids in line order.
 */
async function fillCart(
  client: Client,
  token: string,
  submission: Submission,
  knownEmpty: boolean,
): Promise<number[]> {
  if (knownEmpty) {
    // The common case: the last submission took every line, so add without looking first.
    const added = await persist(client, (url) =>
      post(url, '/Web/BatchAddCart', { items: submission.lines }, { token }),
    );
    if (added.code !== 200) throw new Error(`BatchAddCart: ${added.code} ${added.msg}`);
  }
  for (;;) {
    const cart = await persist<CartAnswer>(client, (url) => post(url, '/Web/GetCartList', {}, { token }));
    if (cart.code !== 200) throw new Error(`GetCartList: ${cart.code} ${cart.msg}`);
    if (sameLines(cart.data.list, submission.lines)) {
      return submission.lines.map((line) => cart.data.list.find((row) => row.cpid === line.cpid)!.id);
    }
    if (cart.data.list.length > 0) {
      const cleared = await persist(client, (url) => post(url, '/Web/ClearCart', {}, { token }));
      if (cleared.code !== 200) throw new Error(`ClearCart: ${cleared.code} ${cleared.msg}`);
    }
    // BatchAddCart is one transaction: after a failure the cart holds all lines or none.
    const added = await persist(client, (url) =>
      post(url, '/Web/BatchAddCart', { items: submission.lines }, { token }),
    );
    if (added.code !== 200) throw new Error(`BatchAddCart: ${added.code} ${added.msg}`);
  }
}

interface SavedOrderAnswer {
  order_id: number;
  total_amount: string;
}

/** One submission to its final answer. */
export async function submitOnce(
  client: Client,
  token: string,
  submission: Submission,
  cartKnownEmpty = false,
): Promise<Outcome> {
  const items = await fillCart(client, token, submission, cartKnownEmpty);
  const answer = await persist<SavedOrderAnswer>(client, (url) =>
    post(
      url,
      '/Web/SaveSubmits',
      { items, remark: submission.key },
      {
        token,
        headers: { 'idempotency-key': submission.key },
      },
    ),
  );
  if (answer.code === 200) {
    return {
      kind: 'ordered',
      key: submission.key,
      orderId: answer.data.order_id,
      totalAmount: answer.data.total_amount,
      lines: submission.lines,
    };
  }
  if (answer.code === 40000) {
    const cleared = await persist(client, (url) => post(url, '/Web/ClearCart', {}, { token }));
    if (cleared.code !== 200) throw new Error(`ClearCart: ${cleared.code} ${cleared.msg}`);
    return { kind: 'refused', key: submission.key, msg: answer.msg };
  }
  return { kind: 'anomaly', key: submission.key, code: answer.code, msg: answer.msg };
}

/**
 * Runs the submissions with one worker per user (a user's cart is one at a time), calling
 * `onOutcome` after each final answer.
 */
export async function runLoad(
  client: Client,
  tokens: ReadonlyMap<string, string>,
  submissions: readonly Submission[],
  onOutcome: (outcome: Outcome) => void = () => undefined,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const byUser = new Map<string, Submission[]>();
  for (const submission of submissions) {
    byUser.set(submission.user, [...(byUser.get(submission.user) ?? []), submission]);
  }
  await Promise.all(
    [...byUser].map(async ([user, queue]) => {
      const token = tokens.get(user)!;
      let cartKnownEmpty = false;
      for (const submission of queue) {
        const retriesBefore = client.stats.retries;
        const outcome: Outcome = await submitOnce(client, token, submission, cartKnownEmpty).catch(
          (error: unknown) => {
            if (error instanceof StoppedError) return { kind: 'unfinished', key: submission.key } as const;
            throw error;
          },
        );
        if (outcome.kind === 'unfinished') {
          outcomes.push(outcome);
          onOutcome(outcome);
          return;
        }
        // Empty after an order or a refusal (which clears it) — unless a retry left doubt.
        cartKnownEmpty = outcome.kind !== 'anomaly' && client.stats.retries === retriesBefore;
        outcomes.push(outcome);
        onOutcome(outcome);
      }
    }),
  );
  return outcomes;
}

export interface Audit {
  /** Acknowledged orders not in the database, or without all their lines, total or event. */
  missing: string[];
  /** Keys with more than one order, or orders for a submission that was never acknowledged. */
  duplicates: string[];
  phantoms: string[];
  /** Products whose available stock is not the initial stock minus what the orders hold. */
  stockMismatches: string[];
  ordersInDatabase: number;
}

/** Compares what the clients were told with what the database holds. */
export async function auditDatabase(
  database: Database,
  shop: Shop,
  outcomes: readonly Outcome[],
): Promise<Audit> {
  const orders = await database.rows<{
    id: number;
    key: string | null;
    amount: string;
    freight: string;
    total_qty: number;
    line_sum: string;
    line_qty: number;
    lines: string;
    events: number;
  }>(sql`
    select o.id, o.idempotency_key as key, o.amount::text, o.freight::text, o.total_qty,
      (select coalesce(sum(l.sum), 0)::text from order_lines l where l.order_id = o.id) as line_sum,
      (select coalesce(sum(l.qty), 0)::int from order_lines l where l.order_id = o.id) as line_qty,
      (select coalesce(string_agg(l.product_id || 'x' || l.qty, ',' order by l.product_id), '')
         from order_lines l where l.order_id = o.id) as lines,
      (select count(*)::int from order_events e where e.order_id = o.id and e.to_state = 'pending_payment') as events
    from orders o join users u on u.id = o.user_id
    where u.user_id in (select value from json_array_elements_text(${JSON.stringify(shop.users)}::json))`);
  const byKey = new Map<string, typeof orders>();
  for (const order of orders) byKey.set(order.key ?? '', [...(byKey.get(order.key ?? '') ?? []), order]);

  const missing: string[] = [];
  const duplicates: string[] = [];
  const acknowledged = new Set<string>();
  for (const outcome of outcomes) {
    if (outcome.kind !== 'ordered') continue;
    acknowledged.add(outcome.key);
    const found = byKey.get(outcome.key) ?? [];
    if (found.length > 1) duplicates.push(`${outcome.key}: ${found.length} orders`);
    const order = found[0];
    const expectedLines = [...outcome.lines]
      .sort((a, b) => a.cpid - b.cpid)
      .map((line) => `${line.cpid}x${line.qty}`)
      .join(',');
    const total = order ? (Number(order.amount) + Number(order.freight)).toFixed(2) : '';
    if (!order) missing.push(`${outcome.key}: no order`);
    else if (order.id !== outcome.orderId)
      missing.push(`${outcome.key}: order ${order.id} ≠ acknowledged ${outcome.orderId}`);
    else if (order.lines !== expectedLines)
      missing.push(`${outcome.key}: lines ${order.lines} ≠ ${expectedLines}`);
    else if (
      Number(order.amount).toFixed(2) !== Number(order.line_sum).toFixed(2) ||
      order.total_qty !== order.line_qty
    )
      missing.push(
        `${outcome.key}: header ${order.amount}/${order.total_qty} ≠ lines ${order.line_sum}/${order.line_qty}`,
      );
    else if (total !== outcome.totalAmount)
      missing.push(`${outcome.key}: total ${total} ≠ acknowledged ${outcome.totalAmount}`);
    else if (order.events !== 1) missing.push(`${outcome.key}: ${order.events} checkout events`);
  }
  const phantoms = [...byKey.keys()].filter((key) => !acknowledged.has(key));

  const stockRows = await database.rows<{ product_id: number; available: number; ordered: number }>(sql`
    select s.product_id, s.available_stock as available,
      (select coalesce(sum(l.qty), 0)::int from order_lines l join orders o on o.id = l.order_id
        join users u on u.id = o.user_id
        where l.product_id = s.product_id and l.store_id = s.store_id and o.state <> 'cancelled'
          and u.user_id in (select value from json_array_elements_text(${JSON.stringify(shop.users)}::json))) as ordered
    from stock s
    where s.store_id = ${DEMO_IDS.stores.guangzhou}
      and s.product_id in (select value::int from json_array_elements_text(${JSON.stringify(shop.products)}::json))`);
  const stockMismatches = stockRows
    .filter((row) => shop.initialStock - Number(row.ordered) !== Number(row.available))
    .map((row) => `product ${row.product_id}: ${shop.initialStock} − ${row.ordered} ≠ ${row.available}`);
  const negative = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from stock where available_stock < 0`,
  );
  if (Number(negative[0]!.n) > 0) stockMismatches.push(`${negative[0]!.n} stock rows below zero`);
  return { missing, duplicates, phantoms, stockMismatches, ordersInDatabase: orders.length };
}
