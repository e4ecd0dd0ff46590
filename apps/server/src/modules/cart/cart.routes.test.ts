import { MAX_LINE_QTY } from '@partsportal/contract/cart';
import type { UserInfo } from '@partsportal/contract/auth';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { brands, products, stores } from '../../db/schema/catalog';
import { cartItems } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createAccount, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const BULK_PRODUCTS = 5_000;
let t: TestApp;
const tokens = { demo: '', buyer2: '', partner: '', bulk: '' };
const ids = {
  plain: 0,
  plain2: 0,
  multiple: 0,
  buyQty: 0,
  multipleNumber: '',
  inactive: 0,
  otherProduct: 0,
  otherStore: 0,
  bulkFirst: 0,
  buyer2: 0,
  bulk: 0,
};

async function seed(database: Database) {
  await seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 });
  const plain = await database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.buyQty, 0))
    .orderBy(asc(products.id))
    .limit(3);
  ids.plain = plain[0]!.id;
  ids.plain2 = plain[1]!.id;
  ids.inactive = plain[2]!.id;
  await database.db.update(products).set({ isActive: false }).where(eq(products.id, ids.inactive));
  const [multiple] = await database.db
    .select({ id: products.id, buyQty: products.buyQty, number: products.number })
    .from(products)
    .where(gt(products.buyQty, 1))
    .orderBy(asc(products.id))
    .limit(1);
  ids.multiple = multiple!.id;
  ids.buyQty = multiple!.buyQty;
  ids.multipleNumber = multiple!.number;

  // Another account with its own product and store: they must look exactly like unknown ones.
  await createAccount(database, 2);
  const [brand] = await database.db.insert(brands).values({ accountId: 2, name: 'Other' }).returning();
  const [other] = await database.db
    .insert(products)
    .values({
      accountId: 2,
      number: 'OTHER-1',
      numberKey: 'OTHER1',
      brandId: brand!.id,
      nameZh: '其他',
      nameEn: 'Other',
      nameEs: 'Otro',
      price: '1',
    })
    .returning();
  ids.otherProduct = other!.id;
  const [store] = await database.db.insert(stores).values({ accountId: 2, name: 'Elsewhere' }).returning();
  ids.otherStore = store!.id;

  // Enough products for 5,000 distinct cart lines in one batch.
  await database.db.execute(sql`
    insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price)
    select 1, 'BULK-' || g, 'BULK' || g, 1, '批量' || g, 'Bulk ' || g, 'Lote ' || g, 1
    from generate_series(1, ${BULK_PRODUCTS}) g`);
  const [first] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.number, 'BULK-1'));
  ids.bulkFirst = first!.id;

  const common = { accountId: 1, companyId: DEMO_IDS.demoCompany };
  ids.buyer2 = (await createUser(database, { ...common, userId: 'buyer2', password: 'buyer21234' })).id;
  ids.bulk = (await createUser(database, { ...common, userId: 'bulk', password: 'bulk1234' })).id;
}

beforeAll(async () => {
  t = await createTestApp({ seed });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.buyer2 = await t.login('buyer2', 'buyer21234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.bulk = await t.login('bulk', 'bulk1234');
}, 120_000);
afterAll(async () => t?.close());

type Carts = { carts: number };
const add = (body: unknown, lng = 'en', token: string | null = tokens.demo) =>
  t.call<Carts>('/Web/AddCart', body, { lng, ...(token ? { token } : {}) });
const batch = (items: unknown[], lng = 'en', token: string | null = tokens.demo) =>
  t.call<Carts>('/Web/BatchAddCart', { items }, { lng, ...(token ? { token } : {}) });
const userInfoCarts = async (token: string) =>
  (await t.call<UserInfo>('/Web/GetUserInfo', undefined, { token })).data.carts;
const cartOf = (userId: number) =>
  t.database.db
    .select({
      productId: cartItems.productId,
      storeId: cartItems.storeId,
      qty: cartItems.qty,
      remark: cartItems.remark,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
const lineOf = async (userId: number, productId: number) =>
  (await cartOf(userId)).filter((line) => line.productId === productId);

describe('/Web/AddCart', () => {
  it('adds a line and answers the badge count that GetUserInfo also shows', async () => {
    const before = await userInfoCarts(tokens.demo);
    const answer = await add({
      cpid: ids.plain,
      store_id: DEMO_IDS.stores.guangzhou,
      qty: 2,
      remark: 'urgent',
    });
    expect(answer).toEqual({ code: 200, msg: 'Success', data: { carts: before + 1 } });
    expect(await userInfoCarts(tokens.demo)).toBe(before + 1);
  });

  it('adds up quantities of the same product and store, with or without a store', async () => {
    const before = await userInfoCarts(tokens.demo);
    expect((await add({ cpid: ids.plain, store_id: DEMO_IDS.stores.guangzhou, qty: 3 })).data.carts).toBe(
      before,
    );
    expect(await lineOf(DEMO_IDS.users.demo, ids.plain)).toEqual([
      { productId: ids.plain, storeId: DEMO_IDS.stores.guangzhou, qty: 5, remark: 'urgent' },
    ]);
    // Without a store the line is separate, and two store-less adds still merge (coalesce(store_id, 0)).
    await add({ cpid: ids.plain, qty: 1 });
    expect((await add({ cpid: ids.plain, store_id: null, qty: 4 })).data.carts).toBe(before + 1);
    expect(await lineOf(DEMO_IDS.users.demo, ids.plain)).toEqual([
      { productId: ids.plain, storeId: DEMO_IDS.stores.guangzhou, qty: 5, remark: 'urgent' },
      { productId: ids.plain, storeId: null, qty: 5, remark: '' },
    ]);
  });

  it('respects buy_qty multiples', async () => {
    const wrong = await add({ cpid: ids.multiple, qty: ids.buyQty + 1 });
    expect(wrong).toMatchObject({
      code: 40000,
      msg: `Quantity of ${ids.multipleNumber} must be a multiple of ${ids.buyQty}.`,
      data: null,
    });
    expect((await add({ cpid: ids.multiple, qty: 1 }, 'es')).msg).toBe(
      `La cantidad de ${ids.multipleNumber} debe ser un múltiplo de ${ids.buyQty}.`,
    );
    expect((await add({ cpid: ids.multiple, qty: ids.buyQty * 2 })).code).toBe(200);
  });

  it('refuses unknown, inactive and other-account products, naming them', async () => {
    for (const cpid of [9_999_999, ids.inactive, ids.otherProduct]) {
      expect(await add({ cpid, qty: 1 })).toMatchObject({
        code: 40004,
        msg: `These products were not found: ${cpid}.`,
      });
    }
    expect((await add({ cpid: ids.otherProduct, qty: 1 }, 'zh')).msg).toBe(
      `找不到以下商品：${ids.otherProduct}。`,
    );
  });

  it('refuses a store that is unknown or belongs to another account', async () => {
    for (const store_id of [999_999, ids.otherStore]) {
      expect(await add({ cpid: ids.plain, store_id, qty: 1 })).toMatchObject({
        code: 40004,
        msg: `These stores were not found: ${store_id}.`,
      });
    }
    expect((await add({ cpid: ids.plain, store_id: 999_999, qty: 1 }, 'es')).msg).toBe(
      'No se encontraron estos almacenes: 999999.',
    );
  });

  it('caps a line at MAX_LINE_QTY and changes nothing when refusing', async () => {
    expect((await add({ cpid: ids.plain2, qty: MAX_LINE_QTY + 1 })).code).toBe(40001);
    expect((await add({ cpid: ids.plain2, qty: MAX_LINE_QTY - 1 })).code).toBe(200);
    const number = (
      await t.database.db
        .select({ number: products.number })
        .from(products)
        .where(eq(products.id, ids.plain2))
    )[0]!.number;
    expect(await add({ cpid: ids.plain2, qty: 2 })).toMatchObject({
      code: 40000,
      msg: `The quantity of ${number} in the cart cannot exceed ${MAX_LINE_QTY}.`,
    });
    expect((await lineOf(DEMO_IDS.users.demo, ids.plain2))[0]?.qty).toBe(MAX_LINE_QTY - 1);
    expect((await add({ cpid: ids.plain2, qty: 1 })).code).toBe(200);
  });

  it('refuses company_id, user_id and price in the body: scoping comes only from the session', async () => {
    for (const field of ['company_id', 'user_id', 'price']) {
      const answer = await add({ cpid: ids.plain, qty: 1, [field]: DEMO_IDS.partnerCompany });
      expect(answer).toMatchObject({ code: 40001, msg: `Fields not allowed: ${field}` });
    }
    expect((await add({ cpid: ids.plain, qty: 1, user_id: 3 }, 'es')).msg).toBe(
      'Campos no permitidos: user_id',
    );
  });

  it("never touches another user's cart, even in the same company", async () => {
    const partnerBefore = await cartOf(DEMO_IDS.users.partner);
    const buyer2Before = await cartOf(ids.buyer2);
    await add({ cpid: ids.plain2, store_id: DEMO_IDS.stores.madrid, qty: 7 });
    await batch([{ cpid: ids.plain, qty: 1 }]);
    expect(await cartOf(DEMO_IDS.users.partner)).toEqual(partnerBefore);
    expect(await cartOf(ids.buyer2)).toEqual(buyer2Before);
    // And buyer2's own add lands in buyer2's cart only.
    expect((await add({ cpid: ids.plain2, qty: 1 }, 'en', tokens.buyer2)).data.carts).toBe(
      buyer2Before.length + 1,
    );
    expect(await userInfoCarts(tokens.partner)).toBe(partnerBefore.length);
  });

  it('needs the cart menu: viewer 40003, no token 50008', async () => {
    const viewer = await t.login('viewer', 'viewer1234');
    expect(await add({ cpid: ids.plain, qty: 1 }, 'en', viewer)).toMatchObject({
      code: 40003,
      msg: 'You do not have permission to do this.',
    });
    expect((await batch([{ cpid: ids.plain, qty: 1 }], 'es', viewer)).msg).toBe(
      'No tiene permiso para hacer esto.',
    );
    expect(await add({ cpid: ids.plain, qty: 1 }, 'en', null)).toMatchObject({
      code: 50008,
      msg: 'Verification failed, please login again.',
    });
    expect((await batch([{ cpid: ids.plain, qty: 1 }], 'zh', null)).msg).toBe('登录状态无效，请重新登录。');
  });
});

describe('/Web/BatchAddCart', () => {
  it('adds many lines, merging repeats of the same product and store', async () => {
    const answer = await batch(
      [
        { cpid: ids.plain, qty: 1, store_id: DEMO_IDS.stores.shanghai },
        { cpid: ids.plain, qty: 2, store_id: DEMO_IDS.stores.shanghai, remark: 'second' },
        { cpid: ids.multiple, qty: ids.buyQty },
      ],
      'en',
      tokens.buyer2,
    );
    expect(answer.code).toBe(200);
    const lines = await lineOf(ids.buyer2, ids.plain);
    expect(lines).toEqual([
      { productId: ids.plain, storeId: DEMO_IDS.stores.shanghai, qty: 3, remark: 'second' },
    ]);
    expect(answer.data.carts).toBe((await cartOf(ids.buyer2)).length);
  });

  it('is all or nothing: one bad item adds none of the others', async () => {
    const before = await cartOf(ids.buyer2);
    const answer = await batch(
      [
        { cpid: ids.plain2, qty: 1, store_id: DEMO_IDS.stores.losAngeles },
        { cpid: ids.multiple, qty: ids.buyQty + 1 },
      ],
      'en',
      tokens.buyer2,
    );
    expect(answer.code).toBe(40000);
    expect(await cartOf(ids.buyer2)).toEqual(before);
    const unknown = await batch([
      { cpid: ids.plain2, qty: 1 },
      { cpid: 8_888_888, qty: 1 },
      { cpid: 9_999_999, qty: 1 },
    ]);
    expect(unknown).toMatchObject({ code: 40004, msg: 'These products were not found: 8888888, 9999999.' });
  });

  it('validates every item and the batch size', async () => {
    expect(await batch([])).toMatchObject({ code: 40001, msg: 'Invalid request: items' });
    expect((await batch([{ cpid: ids.plain, qty: 0 }], 'es')).msg).toBe('Solicitud no válida: items.0.qty');
    expect(await batch([{ cpid: ids.plain, qty: 1, company_id: 3 }])).toMatchObject({
      code: 40001,
      msg: 'Fields not allowed: company_id',
    });
  });

  it('adds 5,000 lines in one call, and adds to all of them again', async () => {
    const items = Array.from({ length: BULK_PRODUCTS }, (_, i) => ({ cpid: ids.bulkFirst + i, qty: 1 }));
    const first = await batch(items, 'en', tokens.bulk);
    expect(first).toMatchObject({ code: 200, data: { carts: BULK_PRODUCTS } });
    const again = await batch(items, 'en', tokens.bulk);
    expect(again.data.carts).toBe(BULK_PRODUCTS);
    const [totals] = await t.database.db
      .select({ lines: sql<number>`count(*)::int`, qty: sql<number>`sum(${cartItems.qty})::int` })
      .from(cartItems)
      .where(and(eq(cartItems.userId, ids.bulk), eq(cartItems.companyId, DEMO_IDS.demoCompany)));
    expect(totals).toEqual({ lines: BULK_PRODUCTS, qty: 2 * BULK_PRODUCTS });
  });
});
