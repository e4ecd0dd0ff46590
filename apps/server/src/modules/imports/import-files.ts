import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { read, utils, write } from '@e965/xlsx';
import type { Language } from '@partsportal/contract/codes';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportKind } from '@partsportal/contract/imports';
import { parse } from 'csv-parse';
import { AppError } from '../../platform/errors';
import { ResultCode } from '@partsportal/contract/codes';
import { readZipDirectory, scanXmlParts, SpreadsheetRejected } from '../cart/spreadsheet-guard';
import type { ImportsRepository } from './imports.repository';

/**
 * Import files: stored in the database in 1 MiB chunks (every process reads them, a restart
 * keeps them), streamed in and out; rows read from CSV as a stream (csv-parse) and from xlsx
 * whole behind the zip guards (an xlsx is read at most MAX_XLSX_BYTES big; larger files go as CSV).
 */

export const CHUNK_BYTES = 1024 * 1024;
/** An xlsx is parsed in memory; its zip guard also caps the inflated XML at 50 MB. */
export const MAX_XLSX_BYTES = 30 * 1024 * 1024;

export type FileFormat = 'csv' | 'xlsx';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const notAFile = () => new AppError(ResultCode.validation, 'catalogImportNotAFile');

/** The format by extension, confirmed by the first bytes: a renamed zip is no CSV, a text no xlsx. */
export function detectFormat(filename: string, head: Buffer): FileFormat {
  const extension = /\.([a-z]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  const zip = head.subarray(0, 4).equals(ZIP_MAGIC);
  if (extension === 'xlsx' && zip) return 'xlsx';
  if ((extension === 'csv' || extension === 'txt') && !zip && !head.subarray(0, 4).equals(OLE_MAGIC)) {
    // Text has no NUL bytes; a binary file renamed .csv does.
    if (head.includes(0)) throw notAFile();
    return 'csv';
  }
  throw notAFile();
}

export interface StoredFile {
  fileId: number;
  format: FileFormat;
  byteSize: number;
  sha256: string;
}

/**
 * Streams an upload into the chunk table, never holding more than one chunk; past `maxBytes`
 * the partial file is deleted and the upload refused.
 */
export async function storeUpload(
  repo: ImportsRepository,
  input: { accountId: number; filename: string; stream: AsyncIterable<Buffer>; maxBytes: number },
): Promise<StoredFile> {
  let fileId: number | undefined;
  let format: FileFormat | undefined;
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let seq = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (format === undefined) {
      format = detectFormat(input.filename, chunk);
      fileId = await repo.createFile(input.accountId, input.filename.slice(0, 255), format);
    }
    await repo.appendChunk(fileId!, seq++, chunk);
  };
  try {
    for await (const piece of input.stream) {
      total += piece.length;
      if (total > input.maxBytes) {
        throw new AppError(ResultCode.payloadTooLarge, 'catalogImportFileTooLarge', {
          max: Math.round(input.maxBytes / 1024 / 1024),
        });
      }
      hash.update(piece);
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
    if (fileId === undefined || format === undefined)
      throw new AppError(ResultCode.validation, 'catalogImportEmpty');
    const sha256 = hash.digest('hex');
    await repo.finishFile(fileId, total, sha256, seq);
    return { fileId, format, byteSize: total, sha256 };
  } catch (error) {
    if (fileId !== undefined) await repo.deleteFile(fileId);
    throw error;
  }
}

/**
 * The stored file as a stream, one chunk read from the database at a time; from byte `fromByte`
 * on when given (a resumed commit: the chunks before it are never read).
 */
export function openStoredFile(repo: ImportsRepository, fileId: number, fromByte = 0): Readable {
  async function* chunks() {
    let seq = 0;
    let skip = fromByte;
    if (skip > 0) {
      for (const size of await repo.chunkSizes(fileId)) {
        if (skip < size) break;
        skip -= size;
        seq++;
      }
    }
    for (; ; seq++) {
      const chunk = await repo.chunk(fileId, seq);
      if (!chunk) return;
      yield skip > 0 ? chunk.subarray(skip) : chunk;
      skip = 0;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export interface FileRow {
  /** As a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: string[];
  /** CSV: where the next record starts in the file (a commit's checkpoint resumes there). */
  endByte?: number;
}

/** Where a CSV is read on from: the byte after a record, that record's row number, the delimiter. */
export interface CsvResume {
  byte: number;
  row: number;
  delimiter: string;
}

/** The delimiter is whichever of , ; tab the header line uses most (Excel writes ; in es locales). */
export function detectDelimiter(head: Buffer): string {
  const headerLine = head.toString('utf8', 0, Math.min(head.length, 64 * 1024)).split(/\r?\n/)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

async function* csvRows(stream: Readable, resume?: CsvResume): AsyncGenerator<FileRow> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value as Buffer;
  const delimiter = resume?.delimiter ?? detectDelimiter(head);
  async function* rest() {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  const source = Readable.from(rest());
  const parser = parse({
    bom: true,
    info: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // One cell can never be larger than this: a file without line breaks is refused, not buffered.
    max_record_size: 1024 * 1024,
  });
  // A source that fails (or is closed early below) ends the parser; an unheard stream error
  // would take the whole process down.
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    let row = resume?.row ?? 0;
    const base = resume?.byte ?? 0;
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { bytes: number };
    }>) {
      row++;
      yield { row, cells: record, endByte: base + info.bytes };
    }
  } finally {
    source.destroy();
    stream.destroy();
  }
}

function xlsxRows(buffer: Buffer): FileRow[] {
  try {
    scanXmlParts(buffer, readZipDirectory(buffer));
  } catch (error) {
    if (error instanceof SpreadsheetRejected)
      throw new AppError(ResultCode.validation, 'catalogImportXlsxTooLarge');
    throw error;
  }
  let workbook;
  try {
    workbook = read(buffer, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    throw notAFile();
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet?.['!ref']) return [];
  const rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  const firstRow = utils.decode_range(sheet['!ref']).s.r + 1;
  return rows.map((cells, index) => ({ row: firstRow + index, cells: cells.map(cellText) }));
}

/** Every row of the file, header first. CSV is streamed; an xlsx is read whole (≤ MAX_XLSX_BYTES). */
export async function* fileRows(
  stream: Readable,
  format: FileFormat,
  resume?: CsvResume,
): AsyncGenerator<FileRow> {
  if (format === 'csv') {
    try {
      yield* csvRows(stream, resume);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code?.startsWith('CSV_')) throw notAFile();
      throw error;
    }
    return;
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_XLSX_BYTES) throw new AppError(ResultCode.validation, 'catalogImportXlsxTooLarge');
    parts.push(chunk);
  }
  yield* xlsxRows(Buffer.concat(parts));
}

/** The header row's texts (first row of the file). */
export async function readHeaders(stream: Readable, format: FileFormat): Promise<string[]> {
  try {
    for await (const { cells } of fileRows(stream, format)) return cells.map((cell) => cell.trim());
    return [];
  } finally {
    stream.destroy();
  }
}

/** A spreadsheet cell that starts like a formula gets a leading apostrophe (CSV/formula injection). */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const EXAMPLES: Record<ImportKind, string[]> = {
  products: [
    'BOSCH',
    '0 986 494 123',
    '刹车片',
    'Brake pad set',
    'Juego de pastillas',
    '',
    'SET',
    '1.2',
    '1',
    '45.00',
    '0',
    'OE:04465-33450;DENSO:DP123',
  ],
  stock: ['BOSCH', '0 986 494 123', 'Main store', '25'],
  prices: ['BOSCH', '0 986 494 123', '45.00', '', ''],
};

/** The xlsx template of a kind: headers in the language, one example row. */
export function templateXlsx(kind: ImportKind, language: Language): Buffer {
  const headers = IMPORT_FIELDS[kind].map((field) => IMPORT_FIELD_LABELS[field][language]);
  const sheet = utils.aoa_to_sheet([headers, EXAMPLES[kind]]);
  // Numbers as text: a part number must keep its zeros and spaces.
  sheet['!cols'] = headers.map(() => ({ wch: 18 }));
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, kind);
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** One sheet of texts, a header row first; cells that start like a formula are neutralized. */
export function reportXlsx(header: string[], rows: string[][], sheetName = 'report'): Buffer {
  const sheet = utils.aoa_to_sheet([header, ...rows.map((row) => row.map(neutralizeFormula))]);
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, sheetName);
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
