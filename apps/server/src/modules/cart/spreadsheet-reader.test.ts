import { afterEach, describe, expect, it } from 'vitest';
import { createSpreadsheetReader, DEFAULT_READER_LIMITS, type SpreadsheetReader } from './spreadsheet-reader';
import { makeZip, sheetFile } from '../../../test/cart-test-files';

const readers: SpreadsheetReader[] = [];
const reader = (limits = DEFAULT_READER_LIMITS) => {
  const created = createSpreadsheetReader(limits);
  readers.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(readers.splice(0).map((created) => created.close()));
});

const smallList = () =>
  sheetFile(
    [
      ['number', 'qty'],
      ['04465-33450', 4],
    ],
    'xlsx',
  );

/** Waits until the reader has a started worker that is not `previous`. */
async function nextSpare(created: SpreadsheetReader, previous: number | null) {
  for (let i = 0; i < 200; i++) {
    const id = created.spareThreadId();
    if (id !== null && id !== previous) return id;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no new spare worker');
}

describe('warm spreadsheet worker', () => {
  it('starts no worker until asked to keep one warm', async () => {
    const created = reader();
    expect(created.spareThreadId()).toBeNull();
    const read = await created.read(smallList(), 'xlsx');
    expect(read.ok).toBe(true);
    expect(created.spareThreadId()).toBeNull();
  });

  it('reads with the spare and starts a fresh one for the next file', async () => {
    const created = reader();
    created.warm();
    const first = await nextSpare(created, null);
    const read = await created.read(smallList(), 'xlsx');
    expect(read).toMatchObject({
      ok: true,
      rows: [
        ['number', 'qty'],
        ['04465-33450', 4],
      ],
    });
    // One file per worker: the one that read the file is gone, a new one waits.
    const second = await nextSpare(created, first);
    expect(second).not.toBe(first);
    expect((await created.read(smallList(), 'xlsx')).ok).toBe(true);
  });

  it('replaces the spare after a broken file, and the next file still reads', async () => {
    const created = reader();
    created.warm();
    const first = await nextSpare(created, null);
    const broken = makeZip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets>') }]);
    const read = await created.read(broken, 'xlsx');
    expect(read.ok).toBe(false);
    await nextSpare(created, first);
    expect((await created.read(smallList(), 'xlsx')).ok).toBe(true);
  });

  it('replaces the spare after a file that runs past the deadline', async () => {
    const created = reader({ ...DEFAULT_READER_LIMITS, timeoutMs: 1 });
    created.warm();
    const first = await nextSpare(created, null);
    const rows = [['number', 'qty'], ...Array.from({ length: 5000 }, (_, i) => [`PN-${i}`, i + 1])];
    expect(await created.read(sheetFile(rows, 'xlsx'), 'xlsx')).toEqual({ ok: false, reason: 'timeout' });
    expect(await nextSpare(created, first)).not.toBe(first);
  });

  it('parses two files at once (the second on a cold worker) and stops everything on close', async () => {
    const created = reader();
    created.warm();
    await nextSpare(created, null);
    const [a, b] = await Promise.all([
      created.read(smallList(), 'xlsx'),
      created.read(sheetFile([['number'], ['X-1']], 'biff8'), 'xls'),
    ]);
    expect(a.ok && b.ok).toBe(true);
    await created.close();
    expect(created.spareThreadId()).toBeNull();
  });
});
