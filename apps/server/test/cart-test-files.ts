import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { utils, write } from '@e965/xlsx';
import { readZipDirectory } from '../src/modules/cart/spreadsheet-guard';

/** Test helpers that build spreadsheets and hostile zips in memory. */

export function sheetFile(
  rows: unknown[][],
  bookType: 'xlsx' | 'biff8',
  extra?: (sheet: ReturnType<typeof utils.aoa_to_sheet>) => void,
) {
  const sheet = utils.aoa_to_sheet(rows);
  extra?.(sheet);
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'Sheet1');
  return write(book, { type: 'buffer', bookType }) as Buffer;
}

export interface ZipPart {
  name: string;
  /** The part's bytes, or bytes deflated beforehand (a huge part never held in memory whole). */
  data: Buffer | DeflatedPart;
  /** Uncompressed size written into the headers (a lie when it differs from the real size). */
  declaredSize?: number;
}

export interface DeflatedPart {
  deflated: Buffer;
  crc: number;
  size: number;
}

/** A minimal deflate zip writer (local headers, central directory, end record). */
export function makeZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = Buffer.isBuffer(part.data)
      ? { deflated: deflateRawSync(part.data), crc: crc32(part.data), size: part.data.length }
      : part.data;
    const compressed = data.deflated;
    const size = part.declaredSize ?? data.size;
    const crc = data.crc;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(parts.length, 0xfffe), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xfffe), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Unpacks an xlsx, lets `edit` change its XML parts, packs it again. */
export function rewriteXlsx(xlsx: Buffer, edit: (name: string, text: string) => string): Buffer {
  const parts = readZipDirectory(xlsx).map((entry) => {
    const start =
      entry.localHeaderOffset +
      30 +
      xlsx.readUInt16LE(entry.localHeaderOffset + 26) +
      xlsx.readUInt16LE(entry.localHeaderOffset + 28);
    const raw = xlsx.subarray(start, start + entry.compressedSize);
    const data = entry.method === 8 ? inflateRawSync(raw) : raw;
    return { name: entry.name, data: Buffer.from(edit(entry.name, data.toString('utf8'))) };
  });
  return makeZip(parts);
}

export function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = `----partsportal${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
