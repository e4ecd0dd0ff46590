import type { ProductRow } from '@partsportal/contract/catalog';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema/accounts';
import { brands, customerPartNumbers, productNumbers, products } from '../../db/schema/catalog';
import { createAccount, createCompany, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A hand-made catalogue where every product tests one rank of the search. */
let t: TestApp;
let token: string;
const ids: Record<string, number> = {};

async function fixture(database: Database) {
  await createAccount(database, 1);
  const buyer = await createCompany(database, 1, 'Buyer Co');
  await createCompany(database, 1, 'Other Co');
  await createUser(database, { accountId: 1, companyId: buyer.id, userId: 'buyer', password: 'buyer1234' });
  const [brand] = await database.db.insert(brands).values({ accountId: 1, name: 'Acme' }).returning();
  const product = async (label: string, number: string, name: string, saleCount = 0) => {
    const [row] = await database.db
      .insert(products)
      .values({
        accountId: 1,
        number,
        numberKey: normalizePartNumber(number),
        brandId: brand!.id,
        nameZh: `${name}（中）`,
        nameEn: name,
        nameEs: `${name} (es)`,
        price: '10',
        saleCount,
      })
      .returning();
    ids[label] = row!.id;
  };
  await product('exact', 'ABC-123', 'Brake pad');
  await product('prefixLong', 'ABC1234-X', 'Brake disc', 50);
  await product('prefixShort', 'ABC12-3456', 'Brake hose', 10);
  await product('viaOe', 'ZZZ-1', 'Oil filter');
  await product('viaMyNumber', 'YYY-2', 'Air filter');
  await product('infixOnly', 'QQ-998877-RR', 'Spark plug');
  await product('otherCompanyNumber', 'WWW-3', 'Cabin filter');
  await database.db
    .insert(productNumbers)
    .values([
      { productId: ids.viaOe!, kind: 'oe', brandName: 'Toyota', number: 'abc 123', numberKey: 'ABC123' },
    ]);
  const [other] = await database.db.select().from(companies).where(eqName('Other Co'));
  await database.db.insert(customerPartNumbers).values([
    { companyId: buyer.id, productId: ids.viaMyNumber!, myNumber: 'abc.123', myNumberKey: 'ABC123' },
    { companyId: other!.id, productId: ids.otherCompanyNumber!, myNumber: 'ABC-123', myNumberKey: 'ABC123' },
  ]);
}
const eqName = (name: string) => eq(companies.name, name);

beforeAll(async () => {
  t = await createTestApp({ seed: fixture });
  token = await t.login('buyer', 'buyer1234');
});
afterAll(async () => t?.close());

const search = async (keyword: string) =>
  (
    await t.call<{ list: ProductRow[]; total: number }>(
      '/Web/GetProductList',
      { keyword, pageSize: 50 },
      { token },
    )
  ).data;

describe('search ranking on a fixed catalogue', () => {
  it('ranks our number, then OE and own numbers, then prefixes (more sales first)', async () => {
    const result = await search('abc 123');
    // OE and own number tie on rank and sales; the older product comes first.
    expect(result.list.map((row) => row.id)).toEqual([
      ids.exact,
      ids.viaOe,
      ids.viaMyNumber,
      ids.prefixLong,
      ids.prefixShort,
    ]);
    expect(result.list.map((row) => row.match.kind)).toEqual([
      'number',
      'oe',
      'my_number',
      'prefix',
      'prefix',
    ]);
    expect(result.list.find((row) => row.id === ids.viaOe)?.match.value).toBe('Toyota abc 123');
  });

  it("never matches another company's own numbers", async () => {
    const result = await search('ABC123');
    expect(result.list.map((row) => row.id)).not.toContain(ids.otherCompanyNumber);
  });

  it('orders prefix matches by monthly sales', async () => {
    const result = await search('ABC12');
    const prefixes = result.list.filter((row) => row.match.kind === 'prefix').map((row) => row.id);
    expect(prefixes.indexOf(ids.prefixLong!)).toBeLessThan(prefixes.indexOf(ids.prefixShort!));
  });

  it('looks inside numbers only when no number starts with the key', async () => {
    expect((await search('998877')).list.map((row) => [row.id, row.match.kind])).toEqual([
      [ids.infixOnly, 'infix'],
    ]);
    // "ABC1" starts numbers, so numbers merely containing it are not mixed in.
    expect((await search('ABC1')).list.every((row) => row.match.kind !== 'infix')).toBe(true);
  });

  it('finds names in every language and numbers typed with words', async () => {
    expect((await search('brake')).list.map((row) => row.id).sort()).toEqual(
      [ids.exact, ids.prefixLong, ids.prefixShort].sort(),
    );
    expect((await search('brake ABC-123')).list[0]?.id).toBe(ids.exact);
  });
});
