import type { CartList } from '@partsportal/contract/cart';
import type { BuyAgain } from '@partsportal/contract/orders';
import type { SavedList, SavedListSummary } from '@partsportal/contract/saved-lists';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog';
import { cartItems, savedLists } from '../../db/schema/trading';
import { DEMO_IDS, seedDemoData } from '../../db/seed/demo-data';
import { cartLine, plainProducts, setStock } from '../../../test/checkout-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Saved part lists (issue 17 #15): save the cart as a named list, list, rename, delete, add back. */

let t: TestApp;
const tokens = { demo: '', partner: '', viewer: '' };
let p1 = 0;
let p2 = 0;
let p3 = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 11, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  tokens.demo = await t.login('demo', 'demo1234');
  tokens.partner = await t.login('partner', 'partner1234');
  tokens.viewer = await t.login('viewer', 'viewer1234');
  [p1, p2, p3] = (await plainProducts(t.database, 3)) as [number, number, number];
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.delete(cartItems);
  await t.database.db.delete(savedLists);
  for (const id of [p1, p2, p3]) {
    await setStock(t.database, id, 50);
    await t.database.db.update(products).set({ isActive: true, buyQty: 0 }).where(eq(products.id, id));
  }
});

const call = <T>(path: string, body?: unknown, token = tokens.demo, lng = 'en') =>
  t.call<T>(path, body, { token, lng });

async function cartQtys(token = tokens.demo) {
  const list = await call<CartList>('/Web/GetCartList', undefined, token);
  return Object.fromEntries(list.data.list.map((line) => [line.cpid, line.qty]));
}

describe('saved part lists', () => {
  it('saves the whole cart or the ticked lines, lists them and shows the lines', async () => {
    const a = await cartLine(t, tokens.demo, p1, 4);
    await cartLine(t, tokens.demo, p2, 2, DEMO_IDS.stores.guangzhou);
    const all = await call<SavedListSummary>('/Web/SaveCartAsList', { name: '  Brake service kit ' });
    expect(all.code).toBe(200);
    expect(all.data).toMatchObject({ name: 'Brake service kit', line_count: 2, total_qty: 6 });
    const ticked = await call<SavedListSummary>('/Web/SaveCartAsList', { name: 'Pads only', ids: [a] });
    expect(ticked.data).toMatchObject({ line_count: 1, total_qty: 4 });

    const lists = await call<{ list: SavedListSummary[] }>('/Web/GetSavedLists', {});
    expect(lists.data.list.map((list) => list.name).sort()).toEqual(['Brake service kit', 'Pads only']);

    const detail = await call<SavedList>(`/Web/GetSavedList/${all.data.id}`, {});
    expect(detail.code).toBe(200);
    expect(detail.data.lines.map((line) => [line.cpid, line.qty, line.store_id])).toEqual(
      expect.arrayContaining([
        [p1, 4, null],
        [p2, 2, DEMO_IDS.stores.guangzhou],
      ]),
    );
    expect(detail.data.lines.every((line) => line.is_active && line.number !== '')).toBe(true);
    expect(detail.data.currency).not.toBe('');
  });

  it('adds a list to the cart with its quantities, on top of what is there', async () => {
    await cartLine(t, tokens.demo, p1, 4);
    await cartLine(t, tokens.demo, p2, 2);
    const saved = await call<SavedListSummary>('/Web/SaveCartAsList', { name: 'Kit' });
    await call('/Web/ClearCart', {});
    await cartLine(t, tokens.demo, p1, 1);
    const added = await call<BuyAgain>(`/Web/AddSavedListToCart/${saved.data.id}`, {});
    expect(added.data).toMatchObject({ added: 2, carts: 2, unavailable: [] });
    expect(await cartQtys()).toEqual({ [p1]: 5, [p2]: 2 });
  });

  it('leaves out lines no longer sold or off the order multiple, and names them', async () => {
    await cartLine(t, tokens.demo, p1, 3);
    await cartLine(t, tokens.demo, p2, 2);
    await cartLine(t, tokens.demo, p3, 1);
    const saved = await call<SavedListSummary>('/Web/SaveCartAsList', { name: 'Kit' });
    await call('/Web/ClearCart', {});
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, p2));
    await t.database.db.update(products).set({ buyQty: 2 }).where(eq(products.id, p1));
    const added = await call<BuyAgain>(`/Web/AddSavedListToCart/${saved.data.id}`, {});
    expect(added.data.added).toBe(1);
    expect(added.data.unavailable.map((line) => line.reason).sort()).toEqual([
      'inactive',
      'qty_not_multiple',
    ]);
    expect(await cartQtys()).toEqual({ [p3]: 1 });
  });

  it('renames and deletes; names are unique per company whatever the case', async () => {
    await cartLine(t, tokens.demo, p1, 1);
    const one = await call<SavedListSummary>('/Web/SaveCartAsList', { name: 'Kit A' });
    const two = await call<SavedListSummary>('/Web/SaveCartAsList', { name: 'Kit B' });
    const taken = await call('/Web/SaveCartAsList', { name: 'kit a' }, tokens.demo, 'es');
    expect(taken).toMatchObject({
      code: 40000,
      msg: 'Ya existe una lista llamada «kit a»; elija otro nombre.',
    });
    expect((await call('/Web/RenameSavedList', { id: two.data.id, name: 'KIT A' })).code).toBe(40000);
    const renamed = await call<SavedListSummary>('/Web/RenameSavedList', { id: two.data.id, name: 'Kit C' });
    expect(renamed.data.name).toBe('Kit C');
    // The same name again for the same list is no clash.
    expect((await call('/Web/RenameSavedList', { id: two.data.id, name: 'kit c' })).code).toBe(200);
    expect((await call('/Web/DeleteSavedList', { id: one.data.id })).code).toBe(200);
    expect((await call('/Web/DeleteSavedList', { id: one.data.id })).code).toBe(40004);
    const lists = await call<{ list: SavedListSummary[] }>('/Web/GetSavedLists', {});
    expect(lists.data.list.map((list) => list.name)).toEqual(['kit c']);
  });

  it('says what is wrong with a name or an empty cart, in the reader language', async () => {
    expect(await call('/Web/SaveCartAsList', { name: '   ' }, tokens.demo, 'zh')).toMatchObject({
      code: 40001,
      msg: '请输入清单名称。',
    });
    expect(await call('/Web/SaveCartAsList', { name: 'x'.repeat(61) })).toMatchObject({
      code: 40001,
      msg: 'A list name may have at most 60 characters.',
    });
    expect(await call('/Web/SaveCartAsList', { name: 'Empty' }, tokens.demo, 'es')).toMatchObject({
      code: 40000,
      msg: 'No hay líneas del carrito para guardar.',
    });
  });

  it('is company-scoped: another company sees nothing and cannot use, rename or delete the list', async () => {
    const mine = await cartLine(t, tokens.demo, p1, 2);
    const saved = await call<SavedListSummary>('/Web/SaveCartAsList', { name: 'Private kit' });
    const lists = await call<{ list: SavedListSummary[] }>('/Web/GetSavedLists', {}, tokens.partner);
    expect(lists.data.list).toEqual([]);
    for (const [path, body] of [
      [`/Web/GetSavedList/${saved.data.id}`, {}],
      [`/Web/AddSavedListToCart/${saved.data.id}`, {}],
      ['/Web/RenameSavedList', { id: saved.data.id, name: 'Mine now' }],
      ['/Web/DeleteSavedList', { id: saved.data.id }],
    ] as const) {
      expect((await call(path, body, tokens.partner)).code).toBe(40004);
    }
    // Another user's cart lines cannot be saved either.
    expect((await call('/Web/SaveCartAsList', { name: 'Stolen', ids: [mine] }, tokens.partner)).code).toBe(
      40004,
    );
    const [row] = await t.database.rows<{ name: string }>(
      sql`select name from saved_lists where id = ${saved.data.id}`,
    );
    expect(row?.name).toBe('Private kit');
    expect(await cartQtys(tokens.partner)).not.toHaveProperty(String(p1));
  });

  it('needs the cart code (1006): the viewer is refused', async () => {
    for (const path of ['/Web/GetSavedLists', '/Web/SaveCartAsList']) {
      expect((await call(path, path.endsWith('Lists') ? {} : { name: 'x' }, tokens.viewer)).code).toBe(40003);
    }
  });
});
