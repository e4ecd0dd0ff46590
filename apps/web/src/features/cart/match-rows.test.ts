import { describe, expect, it } from 'vitest';
import type { MatchLine, MatchProduct } from '@partsportal/contract/cart';
import {
  buildBatchItems,
  effectiveQty,
  rematchText,
  replaceWithRematch,
  summarize,
  toMatchRow,
} from './match-rows';
import { checkImportFile } from './import-file';

const product = (id: number, buyQty = 0): MatchProduct => ({
  id,
  number: `N${id}`,
  part_name: 'Part',
  factory: 'Brand',
  price: '10.00',
  currency: 'CNY',
  available_stock: 100,
  buy_qty: buyQty,
  unit: 'pc',
});

const line = (patch: Partial<MatchLine>): MatchLine => ({
  line: 1,
  input: 'N1',
  qty: 2,
  remark: '',
  status: 'exact',
  via: null,
  product: product(1),
  candidates: [],
  suggestions: [],
  merged_lines: [],
  replaces: null,
  equivalents: [],
  message: '',
  ...patch,
});

describe('bulk order rows', () => {
  it('rounds quantities up to buy_qty and defaults a missing quantity to one multiple', () => {
    expect(effectiveQty(toMatchRow(line({ qty: 5, product: product(1, 4) }), 'paste', 1))).toBe(8);
    expect(effectiveQty(toMatchRow(line({ qty: null, product: product(1, 6) }), 'paste', 1))).toBe(6);
    expect(effectiveQty(toMatchRow(line({ qty: null }), 'paste', 1))).toBe(1);
  });

  it('holds back unresolved lines and invalid quantities until the buyer fixes them', () => {
    const notFound = toMatchRow(
      line({ status: 'not_found', product: null, suggestions: [product(7)] }),
      'paste',
      1,
    );
    const badQty = toMatchRow(line({ status: 'invalid_qty', qty: null }), 'file', 1);
    expect(buildBatchItems([notFound, badQty])).toEqual([]);
    expect(summarize([notFound, badQty])).toMatchObject({ total: 2, ready: 0, notFound: 1, qtyProblem: 1 });
    const picked = { ...notFound, product: product(7), picked: true };
    const fixed = { ...badQty, qty: 3, qtyEdited: true };
    expect(buildBatchItems([picked, fixed])).toEqual([
      { cpid: 7, qty: 2 },
      { cpid: 1, qty: 3 },
    ]);
    expect(effectiveQty({ ...fixed, qty: null })).toBeNull();
  });

  it('merges the same product from several rows into one item with summed quantity and remarks', () => {
    const a = toMatchRow(line({ qty: 2, remark: 'left' }), 'paste', 1);
    const b = toMatchRow(line({ line: 4, qty: 3, remark: 'right' }), 'file', 2);
    const c = toMatchRow(line({ line: 5, qty: 1, product: product(2) }), 'file', 2);
    expect(buildBatchItems([a, b, c])).toEqual([
      { cpid: 1, qty: 5, remark: 'left; right' },
      { cpid: 2, qty: 1 },
    ]);
  });

  it('re-matches an edited line in place and builds its text', () => {
    const row = { ...toMatchRow(line({ line: 3, status: 'not_found', product: null }), 'paste', 1), qty: 4 };
    const again = replaceWithRematch(row, line({ line: 1, input: 'N9', qty: null, product: product(9) }));
    expect(again).toMatchObject({ key: row.key, line: 3, qty: 4, input: 'N9', status: 'exact' });
    expect(rematchText(' 04465-33450 \n', 2)).toBe('04465-33450\t2');
    expect(rematchText('MD-370', null)).toBe('MD-370');
  });
});

describe('import file check', () => {
  it('accepts .xls/.xlsx up to 5 MB only', () => {
    expect(checkImportFile({ name: 'order.XLSX', size: 1000 })).toBeNull();
    expect(checkImportFile({ name: 'order.xls', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImportFile({ name: 'order.csv', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'order.xlsx.txt', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'big.xlsx', size: 5 * 1024 * 1024 + 1 })).toBe('size');
  });
});
