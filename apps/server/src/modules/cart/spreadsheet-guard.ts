import { inflateRawSync } from 'node:zlib';

/**
 * Checks of an uploaded spreadsheet before any parser sees it (brief §5): extension, magic
 * bytes, and for xlsx the zip's central directory (entry count, declared uncompressed size) and
 * its XML parts (real inflated size, no DOCTYPE/ENTITY). Pure functions over a Buffer.
 */
export type SpreadsheetKind = 'xlsx' | 'xls';

/** A zip with more parts than this is no spreadsheet a buyer exports (a real one has ~10–30). */
export const MAX_ZIP_ENTRIES = 200;
/** Sum of the parts' uncompressed sizes; 5,000 rows inflate to a few MB. */
export const MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;

export class SpreadsheetRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SpreadsheetRejected';
  }
}

export function kindByExtension(filename: string): SpreadsheetKind | null {
  const match = /\.(xlsx|xls)$/i.exec(filename.trim());
  return match ? (match[1]!.toLowerCase() as SpreadsheetKind) : null;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function kindByMagic(buffer: Buffer): SpreadsheetKind | null {
  const starts = (magic: number[]) =>
    buffer.length >= magic.length && magic.every((byte, i) => buffer[i] === byte);
  if (starts(ZIP_MAGIC)) return 'xlsx';
  if (starts(OLE_MAGIC)) return 'xls';
  return null;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/**
 * Reads the zip's central directory (the index at the end of the file) without inflating
 * anything, and refuses too many entries, too much declared content, ZIP64 and broken indexes.
 */
export function readZipDirectory(buffer: Buffer): ZipEntry[] {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, buffer.length - 22 - 0xffff);
  let eocd = -1;
  for (let offset = buffer.length - 22; offset >= lowest; offset--) {
    if (buffer.readUInt32LE(offset) === EOCD_SIGNATURE) {
      eocd = offset;
      break;
    }
  }
  if (eocd < 0) throw new SpreadsheetRejected('no end of central directory');
  const declaredEntries = buffer.readUInt16LE(eocd + 10);
  const directorySize = buffer.readUInt32LE(eocd + 12);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (declaredEntries === 0xffff || directoryOffset === 0xffffffff) throw new SpreadsheetRejected('zip64');
  if (declaredEntries > MAX_ZIP_ENTRIES) throw new SpreadsheetRejected('too many entries');
  if (directoryOffset + directorySize > eocd) throw new SpreadsheetRejected('bad directory');

  const entries: ZipEntry[] = [];
  let total = 0;
  let offset = directoryOffset;
  const end = directoryOffset + directorySize;
  while (offset < end) {
    if (offset + 46 > end || buffer.readUInt32LE(offset) !== CENTRAL_SIGNATURE) {
      throw new SpreadsheetRejected('bad directory entry');
    }
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const entry: ZipEntry = {
      method: buffer.readUInt16LE(offset + 10),
      compressedSize: buffer.readUInt32LE(offset + 20),
      uncompressedSize: buffer.readUInt32LE(offset + 24),
      localHeaderOffset: buffer.readUInt32LE(offset + 42),
      name: buffer.toString('utf8', offset + 46, offset + 46 + nameLength),
    };
    entries.push(entry);
    total += entry.uncompressedSize;
    // Counted while walking too: the end record's count may lie.
    if (entries.length > MAX_ZIP_ENTRIES) throw new SpreadsheetRejected('too many entries');
    if (total > MAX_UNCOMPRESSED_BYTES) throw new SpreadsheetRejected('too large uncompressed');
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const XML_PART = /\.(xml|rels|vml)$/i;

/**
 * Inflates every XML part with the size its directory entry declares as a hard ceiling (a
 * lying entry fails here instead of inside the parser) and refuses DOCTYPE / ENTITY
 * declarations: a spreadsheet never needs them, and they are how entity-expansion attacks start.
 */
export function scanXmlParts(buffer: Buffer, entries: readonly ZipEntry[]): void {
  for (const entry of entries) {
    if (!XML_PART.test(entry.name)) continue;
    const local = entry.localHeaderOffset;
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== LOCAL_SIGNATURE) {
      throw new SpreadsheetRejected('bad local header');
    }
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + entry.compressedSize);
    let xml: Buffer;
    if (entry.method === 0) xml = data;
    else if (entry.method === 8) {
      try {
        xml = inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
      } catch {
        throw new SpreadsheetRejected('part larger than declared or corrupt');
      }
    } else throw new SpreadsheetRejected('unknown compression');
    // NUL bytes dropped first: a part in UTF-16 or UTF-32 spells `<!DOCTYPE` with NULs between
    // the letters, which a plain byte search misses while SheetJS still reads the part.
    if (/<!DOCTYPE|<!ENTITY/i.test(xml.toString('latin1').replace(/\0/g, ''))) {
      throw new SpreadsheetRejected('doctype');
    }
  }
}
