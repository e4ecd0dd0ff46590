import { describe, expect, it } from 'vitest';
import { lookupKeys, resolveLines, unresolvedKeys, type NumberHit } from './part-matching';
import { numberKeys, parseLine, parsePastedText } from './paste-parser';

const hit = (key: string, productId: number, number: string, extra: Partial<NumberHit> = {}): NumberHit => ({
  key,
  tier: 'number',
  productId,
  value: number,
  productNumber: number,
  buyQty: 0,
  brand: 'Bosch',
  ...extra,
});

/** A small catalogue: the numbers the tests paste. */
const CATALOGUE: NumberHit[] = [
  hit('0446533450', 1, '04465-33450'),
  hit('0986494123', 2, '0 986 494 123'),
  hit('1K0698151B', 3, '1K0 698 151 B'),
  hit('W71295', 4, 'W 712/95', { buyQty: 5 }),
  hit('90915YZZD4', 5, '90915-YZZD4'),
  // The same number in two brands.
  hit('1520865F0E', 6, '15208-65F0E'),
  hit('1520865F0E', 7, '15208 65F0E'),
  // Reached only through an OE number and through the company's own number.
  hit('1234567', 8, 'OE 1234567', { tier: 'oe', productNumber: 'BR-8' }),
  hit('MYPART1', 9, 'MY-PART-1', { tier: 'my_number', productNumber: 'BR-9' }),
];

/** Parses and resolves against CATALOGUE the way the service does (hits of every key asked). */
function run(text: string) {
  const lines = parsePastedText(text);
  const keys = new Set(lookupKeys(lines));
  return resolveLines(
    lines,
    CATALOGUE.filter((entry) => keys.has(entry.key)),
  );
}

describe('paste parsing', () => {
  it('reads tab-separated rows copied from Excel, with a remark column', () => {
    const [line] = run('04465-33450\t4\tfront pads');
    expect(line).toMatchObject({
      input: '04465-33450',
      qty: 4,
      remark: 'front pads',
      status: 'exact',
      productId: 1,
    });
  });

  it('reads CSV, semicolons and runs of spaces', () => {
    const result = run('04465-33450,4\n1K0 698 151 B;2\n90915-YZZD4    6');
    expect(result.map((line) => [line.productId, line.qty])).toEqual([
      [1, 4],
      [3, 2],
      [5, 6],
    ]);
  });

  it('accepts the quantity before the number', () => {
    expect(run('4\t04465-33450')[0]).toMatchObject({ productId: 1, qty: 4 });
    expect(run('3 04465-33450')[0]).toMatchObject({ productId: 1, qty: 3 });
  });

  it('keeps the spaces of Bosch numbers and finds the quantity after them', () => {
    expect(run('0 986 494 123 5')[0]).toMatchObject({
      input: '0 986 494 123',
      productId: 2,
      qty: 5,
      status: 'exact',
    });
    expect(run('0 986 494 123')[0]).toMatchObject({ input: '0 986 494 123', productId: 2, qty: null });
    // Unknown all-digit groups stay one number rather than losing a group to the quantity.
    expect(run('0 986 111 222')[0]).toMatchObject({ input: '0 986 111 222', qty: null, status: 'not_found' });
  });

  it('skips blank lines and a header line, and keeps source line numbers', () => {
    const result = run('number qty\n\n04465-33450 2\n   \n1K0 698 151 B 1\n');
    expect(result.map((line) => line.line)).toEqual([3, 5]);
    expect(run('Number\tQuantity\tRemark\n04465-33450\t1')).toHaveLength(1);
    expect(run('编号,数量\n04465-33450,1')[0]?.line).toBe(2);
  });

  it('merges duplicates by normalized number and sums their quantities', () => {
    const result = run('04465-33450\t4\n0446533450\t2\n04465 33450\n1K0 698 151 B\t1');
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({ productId: 1, qty: 7, mergedLines: [2, 3] });
  });

  it('tells exact from normalized matches', () => {
    expect(run('04465-33450')[0]?.status).toBe('exact');
    expect(run('0446533450')[0]?.status).toBe('normalized');
    expect(run('1k0-698-151-b')[0]?.status).toBe('normalized');
  });

  it('matches through OE and the company number and says which', () => {
    expect(run('1234567\t1')[0]).toMatchObject({ status: 'cross', via: { kind: 'oe', value: 'OE 1234567' } });
    expect(run('my part 1\t1')[0]).toMatchObject({
      status: 'my_number',
      via: { kind: 'my_number', value: 'MY-PART-1' },
    });
  });

  it('reports a number of two brands as ambiguous with both candidates', () => {
    expect(run('15208-65F0E 2')[0]).toMatchObject({ status: 'ambiguous', candidateIds: [6, 7], qty: 2 });
  });

  it('flags bad quantities', () => {
    expect(run('04465-33450\t0')[0]).toMatchObject({ status: 'invalid_qty', productId: 1 });
    expect(run('04465-33450\t2.5')[0]).toMatchObject({ status: 'invalid_qty', qty: null });
    expect(run('04465-33450 -3')[0]?.status).toBe('invalid_qty');
    expect(run('04465-33450\t200000')[0]).toMatchObject({
      status: 'invalid_qty',
      problem: { key: 'importQtyTooLarge' },
    });
    // W 712/95 is sold in fives.
    expect(run('W 712/95\t7')[0]).toMatchObject({
      status: 'invalid_qty',
      problem: { key: 'cartQtyNotMultiple' },
    });
    expect(run('W 712/95\t10')[0]).toMatchObject({ status: 'exact', qty: 10 });
  });

  it('reports unknown numbers as not found', () => {
    expect(run('NOPE-1\t2')[0]).toMatchObject({
      status: 'not_found',
      input: 'NOPE-1',
      qty: 2,
      productId: null,
    });
  });

  it('keeps the quantity of an unknown long number typed with a space', () => {
    expect(run('0986494124 1')[0]).toMatchObject({ status: 'not_found', input: '0986494124', qty: 1 });
    // Short digit groups stay one (Bosch-style) number when nothing matches.
    expect(run('0 986 494 9')[0]).toMatchObject({ status: 'not_found', input: '0 986 494 9', qty: null });
  });

  it('restores leading zeros a spreadsheet dropped, preferring the number as written', () => {
    expect(numberKeys('446533450')).toEqual(['446533450', '0446533450', '00446533450', '000446533450']);
    expect(numberKeys('12')).toEqual(['12']);
    expect(run('446533450\t1')[0]).toMatchObject({
      productId: 1,
      status: 'normalized',
      problem: { key: 'importZerosRestored' },
    });
  });

  it('reads full-width separators of Chinese input methods', () => {
    expect(parseLine('04465-33450，4', 1)?.interpretations[0]).toMatchObject({
      input: '04465-33450',
      qtyText: '4',
    });
  });

  it('asks cross numbers only for lines our numbers did not resolve', () => {
    const lines = parsePastedText('04465-33450\nX-1');
    expect(unresolvedKeys(lines, [hit('0446533450', 1, '04465-33450')])).toEqual(['X1']);
  });
});
