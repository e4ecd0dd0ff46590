import type { MatchResult } from '@partsportal/contract/cart';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MIN_SUGGESTION_SIMILARITY } from './part-matching.service';

/*
 * What a new user pasted (issue 17 item 7): a quantity with a marker ("805077 x4" became number
 * "x4" with quantity 805077), a brand written before the number ("PSA 16 663 937 80;3" was not
 * found although the catalogue finds it), and suggestions of unrelated parts.
 */
let t: TestApp;
let token = '';
let plain = ''; // one of our numbers, all digits or not
let psa = ''; // a PSA cross number, as stored
let tenDigits = ''; // a number_key of 10 characters, for the typo cases

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 400, seed: 17, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
  const [product] = await t.database.rows<{ number: string }>(
    sql`select number from products where is_active and buy_qty <= 1 order by id limit 1`,
  );
  plain = product!.number;
  const [cross] = await t.database.rows<{ number: string }>(
    sql`select n.number from product_numbers n join products p on p.id = n.product_id
        where n.brand_name = 'PSA' and p.is_active
          and (select count(distinct product_id) from product_numbers m where m.number_key = n.number_key) = 1
        order by n.id limit 1`,
  );
  psa = cross!.number;
  const [ten] = await t.database.rows<{ number_key: string }>(
    sql`select number_key from products where is_active and length(number_key) = 10
          and number_key ~ '^[0-9]+$' order by id limit 1`,
  );
  tenDigits = ten!.number_key;
}, 120_000);
afterAll(async () => t?.close());

const paste = async (text: string) => {
  const answer = await t.call<MatchResult>('/Web/MatchPartNumbers', { text }, { token, lng: 'en' });
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data.lines;
};

describe('quantity markers', () => {
  it.each([
    ['{n} x4'],
    ['{n} X4'],
    ['{n} ×4'],
    ['{n} *4'],
    ['{n} x 4'],
    ['{n} * 4'],
    ['x4 {n}'],
    ['4x {n}'],
    ['4 x {n}'],
    ['{n} 4pcs'],
    ['{n} 4 pcs'],
    ['{n} 4 件'],
    ['{n}\tx4'],
    ['{n};4 pcs'],
  ])('"%s" reads quantity 4 of our number', async (template) => {
    const [line] = await paste(template.replace('{n}', plain));
    expect(line?.product?.number).toBe(plain);
    expect(line?.qty).toBe(4);
  });
});

describe('a brand written before the number', () => {
  it('"PSA <number>;3" finds the PSA cross number, with the quantity', async () => {
    const [line] = await paste(`PSA ${psa};3`);
    expect(line).toMatchObject({ status: 'cross', qty: 3 });
    expect(line?.via?.value).toBe(`PSA ${psa}`);
  });

  it('also in lower case and with a space-separated quantity', async () => {
    const [line] = await paste(`psa ${psa} 2`);
    expect(line).toMatchObject({ status: 'cross', qty: 2 });
  });

  it('a word that is not the brand of the number finds nothing rather than another brand’s part', async () => {
    const [line] = await paste(`Febi ${psa};3`);
    expect(line?.status).toBe('not_found');
  });
});

describe('suggestions only above the similarity threshold', () => {
  it('a one-character typo and a swap of two neighbours suggest the part', async () => {
    const last = tenDigits.at(-1) === '1' ? '2' : '1';
    const typo = tenDigits.slice(0, -1) + last;
    const swapped = tenDigits.slice(0, 4) + tenDigits[5] + tenDigits[4] + tenDigits.slice(6);
    for (const text of [typo, swapped]) {
      if (text === tenDigits) continue;
      const [line] = await paste(text);
      if (line?.status !== 'not_found') continue; // the typo is another real number
      const keys = line.suggestions.map((product) => normalizePartNumber(product.number));
      expect(keys, text).toContain(tenDigits);
    }
  });

  it('every suggestion is at least MIN_SUGGESTION_SIMILARITY alike; unrelated numbers get none', async () => {
    const texts = [
      'ZX9Q-7781-KP',
      'MANN-FILTER',
      '123987',
      'AB12CD34EF',
      // Near and less near variants of a real number: some suggestions, some cut by the threshold.
      `${tenDigits.slice(0, 8)}99`,
      `${tenDigits.slice(0, 7)}999`,
      `${tenDigits.slice(0, 6)}QQQQ`,
      `${tenDigits.slice(0, 5)}QQQQQ`,
      `${tenDigits}7`,
    ];
    let suggested = 0;
    for (const text of texts) {
      const [line] = await paste(text);
      if (line?.status !== 'not_found') continue;
      const key = normalizePartNumber(text);
      for (const product of line.suggestions) {
        suggested++;
        const [row] = await t.database.rows<{ s: number }>(
          sql`select greatest(
                similarity(${normalizePartNumber(product.number)}, ${key}),
                coalesce((select max(similarity(n.number_key, ${key})) from product_numbers n
                          join products p on p.id = n.product_id where p.number = ${product.number}), 0)
              ) as s`,
        );
        expect(Number(row!.s), `${text} → ${product.number}`).toBeGreaterThanOrEqual(
          MIN_SUGGESTION_SIMILARITY,
        );
      }
    }
    const [unrelated] = await paste('ZX9Q-7781-KP');
    expect(unrelated?.suggestions).toEqual([]);
    // Some of these do get suggestions, so the loop above checked real ones.
    expect(suggested).toBeGreaterThan(0);
  });
});
