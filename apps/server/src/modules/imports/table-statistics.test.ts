import { describe, expect, it } from 'vitest';
import { createTableStatistics, rowsWritten, type AnalyzedTable } from './table-statistics';

/** A refresher over a fake database: tables of given sizes, a clock moved by hand. */
function fixture(sizes: Partial<Record<AnalyzedTable, number>>) {
  let clock = 1_000_000;
  const analyzed: string[] = [];
  const statistics = createTableStatistics({
    estimatedRows: (tables) => Promise.resolve(new Map(tables.map((table) => [table, sizes[table] ?? -1]))),
    analyze: (table) => {
      analyzed.push(table);
      return Promise.resolve();
    },
    now: () => clock,
    intervalMs: 50,
    fraction: 0.1,
    minRows: 500,
  });
  return {
    statistics,
    analyzed,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 120));

describe('ANALYZE after a large write (issue 20)', () => {
  it('analyzes a never-analyzed table at once, before the write answers', async () => {
    const { statistics, analyzed } = fixture({ products: -1 });
    await statistics.written({ products: 1000 });
    expect(analyzed).toEqual(['products']);
  });

  it('leaves small writes to autovacuum: under minRows, or under the fraction of the table', async () => {
    const { statistics, analyzed } = fixture({ products: 1_000_000, stock: -1 });
    await statistics.written({ stock: 499 });
    await statistics.written({ products: 50_000 });
    expect(analyzed).toEqual([]);
    // They add up: the stock table's 499 + 1 reach minRows.
    await statistics.written({ stock: 1 });
    expect(analyzed).toEqual(['stock']);
  });

  it('at most once per interval per table, with one trailing ANALYZE for the writes inside it', async () => {
    const { statistics, analyzed, advance } = fixture({ products: 1000, stock: 1000 });
    await statistics.written({ products: 1000 });
    advance(10);
    await statistics.written({ products: 1000 });
    await statistics.written({ products: 1000, stock: 1000 });
    // The second and third products writes wait; stock is another table.
    expect(analyzed).toEqual(['products', 'stock']);
    await settle();
    expect(analyzed).toEqual(['products', 'stock', 'products']);
    statistics.close();
  });

  it('close() drops the trailing ANALYZE not yet started', async () => {
    const { statistics, analyzed } = fixture({ products: 1000 });
    await statistics.written({ products: 1000 });
    await statistics.written({ products: 1000 });
    statistics.close();
    await settle();
    expect(analyzed).toEqual(['products']);
  });

  it('charges a catalogue write to the tables it writes, created and updated rows only', () => {
    const results = [
      { result: 'created' },
      { result: 'updated' },
      { result: 'unchanged' },
      { result: 'error' },
    ] as const;
    expect(rowsWritten('products', results)).toEqual({ products: 2, product_numbers: 2, fitments: 2 });
    expect(rowsWritten('stock', results)).toEqual({ stock: 2 });
    expect(rowsWritten('prices', results)).toEqual({ company_prices: 2 });
    expect(rowsWritten('stock', [{ result: 'unchanged' }])).toEqual({});
  });
});
