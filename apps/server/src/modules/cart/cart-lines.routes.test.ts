import type { CartLine, CartList, MatchResult } from '@partsportal/contract/cart';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '', colleague: '' };
const ids = { plain: 0, plainNumber: '', second: 0, multiple: 0, buyQty: 0, storeWith: 0, storeWithout: 0 };

async function seed(database: Database) {
  await seedDemoData(database, { parts: 300, seed: 7, passwordHashMemoryKiB: 1024 });
  // A product sold in any quantity with stock in some store and none in another.
  const [plain] = await database.rows<{ id: number; number: string; store_id: number }>(sql`
    select p.id, p.number, s.store_id from products p join stock s on s.product_id = p.id
    where p.buy_qty = 0 and p.id > 3 and s.available_stock between 5 and 1000
      and exists (select 1 from stores st where st.account_id = 1 and st.is_active
        and not exists (select 1 from stock s2 where s2.product_id = p.id and s2.store_id = st.id))
    order by p.id limit 1`);
  ids.plain = plain!.id;
  ids.plainNumber = plain!.number;
  ids.storeWith = plain!.store_id;
  const [without] = await database.rows<{ id: number }>(sql`
    select st.id from stores st where st.account_id = 1 and st.is_active
      and not exists (select 1 from stock s where s.product_id = ${ids.plain} and s.store_id = st.id) limit 1`);
  ids.storeWithout = without!.id;
  const [second] = await database.rows<{ id: number }>(
    sql`select id from products where buy_qty = 0 and id > ${ids.plain} order by id limit 1`,
  );
  ids.second = second!.id;
  const [multiple] = await database.rows<{ id: number; buy_qty: number }>(
    sql`select id, buy_qty from products where buy_qty > 1 order by id limit 1`,
  );
  ids.multiple = multiple!.id;
  ids.buyQty = multiple!.buy_qty;
  // The partner company's own number for product 3: never visible to demo's company.
  await database.db.execute(sql`
    insert into customer_part_numbers (company_id, product_id, my_number, my_number_key)
    values (${DEMO_IDS.partnerCompany}, 3, 'PARTNER-ONLY-77', 'PARTNERONLY77')
    on conflict do nothing`);
  await createUser(database, {
    accountId: 1,
    companyId: DEMO_IDS.demoCompany,
    userId: 'colleague',
    password: 'colleague1234',
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  tokens.colleague = await t.login('colleague', 'colleague1234');
  await t.call('/Web/ClearCart', undefined, { token: tokens.demo });
}, 120_000);
afterAll(async () => t?.close());

const call = <T>(path: string, body?: unknown, token = tokens.demo, lng = 'en') =>
  t.call<T>(path, body, { token, lng });

describe('cart lines', () => {
  it('lists lines with current price, stock, server sums and totals; n limits to the newest', async () => {
    await call('/Web/AddCart', { cpid: ids.plain, store_id: ids.storeWith, qty: 2, remark: 'a' });
    await call('/Web/AddCart', { cpid: ids.second, qty: 3 });
    const all = await call<CartList>('/Web/GetCartList/0');
    expect(all.code).toBe(200);
    expect(all.data.count).toBe(2);
    const line = all.data.list.find((row) => row.cpid === ids.plain)!;
    expect(line).toMatchObject({
      number: ids.plainNumber,
      qty: 2,
      remark: 'a',
      store_id: ids.storeWith,
      status: 'ok',
    });
    expect(line.store_name).not.toBe('');
    expect(line.pic).toBe(`/Product/ProductPic/${ids.plain}`);
    expect(line.sum).toBe((Number(line.price) * 2).toFixed(2));
    const total = all.data.list.reduce((sum, row) => sum + Number(row.sum), 0);
    expect(Number(all.data.total_amount)).toBeCloseTo(total, 2);
    expect(all.data.total_qty).toBe(5);
    expect(all.data.currency).not.toBe('');
    // The same as GetCartList without n; the preview lists only the newest line.
    expect((await call<CartList>('/Web/GetCartList')).data.list).toHaveLength(2);
    const preview = await call<CartList>('/Web/GetCartList/1');
    expect(preview.data.list.map((row) => row.cpid)).toEqual([ids.second]);
    expect(preview.data.count).toBe(2);
  });

  it('shows the price of today, and marks vanished products and short stock', async () => {
    await t.database.db.execute(sql`update products set price = price * 2 where id = ${ids.second}`);
    const before = (await call<CartList>('/Web/GetCartList/0')).data.list.find(
      (row) => row.cpid === ids.second,
    )!;
    await t.database.db.execute(sql`update products set price = price * 2 where id = ${ids.second}`);
    const after = (await call<CartList>('/Web/GetCartList/0')).data.list.find(
      (row) => row.cpid === ids.second,
    )!;
    expect(Number(after.price)).toBeCloseTo(Number(before.price) * 2, 1);

    await t.database.db.execute(sql`update products set is_active = false where id = ${ids.second}`);
    const gone = await call<CartList>('/Web/GetCartList/0', undefined, tokens.demo, 'es');
    const line = gone.data.list.find((row) => row.cpid === ids.second)!;
    expect(line).toMatchObject({
      status: 'unavailable',
      sum: '0.00',
      message: 'Este producto ya no está disponible.',
    });
    expect(gone.data.total_qty).toBe(2);
    await t.database.db.execute(sql`update products set is_active = true where id = ${ids.second}`);

    const plain = gone.data.list.find((row) => row.cpid === ids.plain)!;
    await call('/Web/UpdateCart', { id: plain.id, qty: plain.available_stock + 1 });
    const short = (await call<CartList>('/Web/GetCartList/0')).data.list.find(
      (row) => row.cpid === ids.plain,
    )!;
    expect(short).toMatchObject({ status: 'insufficient_stock' });
    expect(short.message).toContain(`only ${plain.available_stock} available`);
  });

  it('UpdateCart edits quantity, remark and store, and refuses what does not fit', async () => {
    const list = (await call<CartList>('/Web/GetCartList/0')).data.list;
    const plain = list.find((row) => row.cpid === ids.plain)!;
    const updated = await call<{ carts: number; line: CartLine }>('/Web/UpdateCart', {
      id: plain.id,
      qty: 4,
      remark: 'edited',
      store_id: null,
    });
    expect(updated.data.line).toMatchObject({ qty: 4, remark: 'edited', store_id: null, store_name: '' });
    expect(
      await call('/Web/UpdateCart', { id: plain.id, store_id: ids.storeWithout }, tokens.demo, 'en'),
    ).toMatchObject({ code: 40000, msg: expect.stringContaining('does not carry') });
    expect((await call('/Web/UpdateCart', { id: plain.id, qty: 0 })).code).toBe(40001);
    expect((await call('/Web/UpdateCart', { id: plain.id, price: '0.01' })).msg).toBe(
      'Fields not allowed: price',
    );

    await call('/Web/AddCart', { cpid: ids.multiple, qty: ids.buyQty });
    const multiple = (await call<CartList>('/Web/GetCartList/0')).data.list.find(
      (row) => row.cpid === ids.multiple,
    )!;
    expect(
      await call('/Web/UpdateCart', { id: multiple.id, qty: ids.buyQty + 1 }, tokens.demo, 'zh'),
    ).toMatchObject({
      code: 40000,
      msg: expect.stringContaining(`${ids.buyQty} 的倍数`),
    });
    // Moving a line onto a store the cart already holds for the product merges the two.
    await call('/Web/AddCart', { cpid: ids.plain, store_id: ids.storeWith, qty: 1 });
    const merged = await call<{ carts: number; line: CartLine }>('/Web/UpdateCart', {
      id: plain.id,
      store_id: ids.storeWith,
    });
    expect(merged.data.line).toMatchObject({ qty: 5, store_id: ids.storeWith });
  });

  it('keys and lines by keys (submit page) carry fresh lines', async () => {
    const keys = await call<Array<{ id: number; cpid: number; store_id: number | null }>>(
      '/Web/GetCartCpidAndStoreIds',
    );
    expect(keys.data.length).toBe((await call<CartList>('/Web/GetCartList/0')).data.count);
    const chosen = keys.data
      .filter((key) => key.cpid === ids.plain)
      .map(({ cpid, store_id }) => ({ cpid, store_id }));
    const lines = await call<CartLine[]>('/Web/GetCartListByCpidAndStoreIds', {
      items: [...chosen, { cpid: 999_999, store_id: null }],
    });
    expect(lines.data.map((line) => line.cpid)).toEqual([ids.plain]);
  });

  it('the cart is the user’s: a colleague neither sees nor changes it', async () => {
    const mine = (await call<CartList>('/Web/GetCartList/0')).data.list;
    expect((await call<CartList>('/Web/GetCartList/0', undefined, tokens.colleague)).data.list).toEqual([]);
    const first = mine[0]!;
    expect(await call('/Web/UpdateCart', { id: first.id, qty: 1 }, tokens.colleague)).toMatchObject({
      code: 40004,
    });
    await call('/Web/RemoveCart', { ids: mine.map((line) => line.id) }, tokens.colleague);
    await call('/Web/ClearCart', undefined, tokens.colleague);
    expect((await call<CartList>('/Web/GetCartList/0')).data.count).toBe(mine.length);
    expect((await call('/Web/AddCart', { cpid: ids.plain, qty: 1, user_id: 1 }, tokens.colleague)).code).toBe(
      40001,
    );
    expect((await call('/Web/RemoveCart', { ids: [1], company_id: 2 })).code).toBe(40001);
  });

  it('RemoveCart refuses an empty list with the spec message, then removes; ClearCart empties', async () => {
    expect(await call('/Web/RemoveCart', { ids: [] })).toMatchObject({
      code: 40000,
      msg: 'Please check the rows that need to be removed!',
    });
    expect(await call('/Web/RemoveCart', { ids: [] }, tokens.demo, 'zh')).toMatchObject({
      msg: '请勾选需要删除的行！',
    });
    const list = (await call<CartList>('/Web/GetCartList/0')).data.list;
    expect((await call<{ carts: number }>('/Web/RemoveCart', { ids: [list[0]!.id] })).data.carts).toBe(
      list.length - 1,
    );
    expect((await call<{ carts: number }>('/Web/ClearCart')).data.carts).toBe(0);
    expect((await call<CartList>('/Web/GetCartList/0')).data).toMatchObject({
      count: 0,
      total_amount: '0.00',
    });
  });

  it('needs the cart permission', async () => {
    expect((await call('/Web/GetCartList/0', undefined, tokens.viewer)).code).toBe(40003);
    expect((await call('/Web/MatchPartNumbers', { text: 'x' }, tokens.viewer)).code).toBe(40003);
  });
});

describe('/Web/AddProBodyByNumber', () => {
  it('adds the one product a number names (OE spelled without hyphen)', async () => {
    const answer = await call<{ added: boolean; carts: number; product: { id: number } }>(
      '/Web/AddProBodyByNumber',
      {
        number: '0446533450',
        qty: 2,
      },
    );
    expect(answer.data).toMatchObject({ added: true, product: { id: 1 } });
    const line = (await call<CartList>('/Web/GetCartList/0')).data.list.find((row) => row.cpid === 1);
    expect(line?.qty).toBe(2);
  });

  it('answers candidates when several products share the number', async () => {
    await t.database.db.execute(sql`
      insert into products (account_id, number, number_key, brand_id, name_zh, name_en, name_es, price)
      values (1, 'TWIN-1', 'TWIN1', 1, 'a', 'a', 'a', 1), (1, 'TWIN 1', 'TWIN1', 2, 'b', 'b', 'b', 2)`);
    const answer = await call<{ added: boolean; candidates: unknown[] }>('/Web/AddProBodyByNumber', {
      number: 'twin1',
    });
    expect(answer.data.added).toBe(false);
    expect(answer.data.candidates).toHaveLength(2);
  });

  it('refuses an unknown number with the spec message', async () => {
    expect(await call('/Web/AddProBodyByNumber', { number: 'NO-SUCH-9' })).toMatchObject({
      code: 40004,
      msg: "I can't find the corresponding product!",
    });
    expect(await call('/Web/AddProBodyByNumber', { number: 'NO-SUCH-9' }, tokens.demo, 'es')).toMatchObject({
      msg: '¡No encuentro el producto correspondiente!',
    });
  });
});

describe('/Web/MatchPartNumbers', () => {
  it('resolves pasted lines in one call', async () => {
    const text = `number\tqty\n04465-33450\t4\n\n${ids.plainNumber}\t2\nGDB1550 3\nNOPE-NOPE 1\n0446533450\t1\n`;
    const answer = await call<MatchResult>('/Web/MatchPartNumbers', { text });
    expect(answer.code).toBe(200);
    expect(answer.data.lines.map((line) => [line.line, line.status, line.qty])).toEqual([
      [2, 'cross', 5],
      [4, 'exact', 2],
      [5, 'exact', 3],
      [6, 'not_found', 1],
    ]);
    expect(answer.data.lines[0]).toMatchObject({ via: { kind: 'oe' }, merged_lines: [7] });
    expect(answer.data.lines[0]?.product?.price).toMatch(/^\d+\.\d{2}$/);
    expect(answer.data.summary).toEqual({
      total: 5,
      matched: 3,
      ambiguous: 0,
      not_found: 1,
      invalid_qty: 0,
      merged: 1,
    });
    expect(answer.data.message).toBe('');
  });

  it('never matches another company’s own numbers', async () => {
    const demo = await call<MatchResult>('/Web/MatchPartNumbers', { text: 'PARTNER-ONLY-77 1' });
    expect(demo.data.lines[0]?.status).toBe('not_found');
    expect(demo.data.message).toBe("I can't find the corresponding product!");
    const partner = await call<MatchResult>(
      '/Web/MatchPartNumbers',
      { text: 'PARTNER-ONLY-77 1' },
      tokens.partner,
    );
    expect(partner.data.lines[0]).toMatchObject({ status: 'my_number', via: { kind: 'my_number' } });
  });

  it('refuses more than 5,000 lines and unknown fields', async () => {
    const text = Array.from({ length: 5001 }, (_, i) => `N-${i}`).join('\n');
    expect(await call('/Web/MatchPartNumbers', { text })).toMatchObject({
      code: 40000,
      msg: 'At most 5000 lines can be imported at once.',
    });
    expect((await call('/Web/MatchPartNumbers', { text: 'x', company_id: 3 })).code).toBe(40001);
  });
});
