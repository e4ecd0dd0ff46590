import { ALL_MENU_CODES } from '@partsportal/contract/endpoint';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/trading';
import { seedDemoData } from '../../db/seed/demo-data';
import { createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  availableStock,
  cartLine,
  plainProducts,
  saveSubmits,
  setStock,
} from '../../../test/checkout-test-kit';

// Real parallel transactions need several connections: PostgreSQL only (PGlite has one).
let t: TestApp;
let product = 0;
let token = '';

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
  [product] = (await plainProducts(t.database, 1)) as [number];
});
afterAll(() => t.close());

describe('SaveSubmits under concurrency (PostgreSQL)', () => {
  it('20 parallel submits with one Idempotency-Key make exactly one order', async () => {
    await setStock(t.database, product, 100);
    const line = await cartLine(t, token, product, 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        saveSubmits(t, token, { items: [line], remark: 'once' }, { key: 'parallel-key' }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.data.order_id)).size).toBe(1);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, 'parallel-key')),
    ).toHaveLength(1);
    expect(await availableStock(t.database, product)).toBe(99);
  });

  it('20 buyers of the last unit: exactly one order, stock 0 and never negative', async () => {
    await setStock(t.database, product, 1);
    const buyers: Array<{ token: string; line: number }> = [];
    for (let i = 0; i < 20; i++) {
      const company = await createCompany(t.database, 1, `Race buyer ${i}`);
      await t.database.db.execute(sql`
        insert into addresses (company_id, contact_name, area_id, area, address, phone, is_default)
        select ${company.id}, 'Buyer', id, 'China', 'Street 1', '13800000000', true from areas where code = 'CN-GD-GZ'`);
      await createUser(t.database, {
        accountId: 1,
        companyId: company.id,
        userId: `race${i}`,
        password: 'race12345',
        menus: [...ALL_MENU_CODES],
      });
      const buyerToken = await t.login(`race${i}`, 'race12345');
      buyers.push({ token: buyerToken, line: await cartLine(t, buyerToken, product, 1) });
    }
    const before = (await t.database.db.select().from(orders)).length;
    const answers = await Promise.all(
      buyers.map((b) => saveSubmits(t, b.token, { items: [b.line] }, { lng: 'en' })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 40000 && /^Not enough stock/.test(a.msg))).toHaveLength(19);
    expect((await t.database.db.select().from(orders)).length).toBe(before + 1);
    expect(await availableStock(t.database, product)).toBe(0);
    const negative = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from stock where available_stock < 0`,
    );
    expect(negative[0]!.n).toBe(0);
  });

  it('the same product twice in parallel submits of one buyer never oversells', async () => {
    await setStock(t.database, product, 5);
    const lines = [await cartLine(t, token, product, 3), await cartLine(t, token, product, 3, 1)];
    const answers = await Promise.all(lines.map((line) => saveSubmits(t, token, { items: [line] })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(await availableStock(t.database, product)).toBe(2);
  });
});
