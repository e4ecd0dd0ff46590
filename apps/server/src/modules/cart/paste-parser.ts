import { normalizePartNumber } from '@partsportal/contract/part-number';

/** One way to read a source line: which text is the number, which the quantity. */
export interface Interpretation {
  /** The number as written (trimmed). */
  input: string;
  /** Keys to look up, best first: the normalized number, then zero-padded forms of an all-digit number. */
  keys: string[];
  /** The quantity text, null when the line has none. */
  qtyText: string | null;
  remark: string;
  /**
   * "PSA 16 663 937 80", "mann w 712/95": a leading word that may be the brand. `keys` from
   * `brandKeysFrom` on are the number without it; their hits must be of that brand.
   */
  brandWord: string | null;
  brandKeysFrom: number;
}

/** A source line with its readings in order of preference; the resolver picks the first whose number exists. */
export interface ParsedLine {
  /** 1-based row in the source. */
  line: number;
  interpretations: Interpretation[];
  /** Reading used when no interpretation's number exists. */
  fallback: number;
}

/** Larger "quantities" are part numbers (or typos); MAX_LINE_QTY still flags 100,001 … 1,000,000. */
export const MAX_QTY_FIELD = 1_000_000;
/**
 * A spreadsheet cell holding a number as a number loses its leading zeros (0446533450 → 446533450).
 * Such numbers are tried again with up to this many zeros in front, never past PADDED_MAX_LENGTH digits.
 */
export const MAX_RESTORED_ZEROS = 3;
export const PADDED_MAX_LENGTH = 13;
/** All-digit numbers shorter than this are not padded (they are more likely quantities or ids). */
const PADDED_MIN_LENGTH = 5;

/** Header words (lower case) of the number, quantity and remark columns, in en, zh and es. */
export const NUMBER_HEADERS = ['number', '编号', '零件号', '配件编号', 'número', 'numero', 'referencia'];
export const QTY_HEADERS = ['qty', 'quantity', '数量', 'cantidad'];
export const REMARK_HEADERS = ['remark', '备注', 'observación', 'observacion', 'nota'];
const HEADER_WORDS = new Set([...NUMBER_HEADERS, ...QTY_HEADERS, ...REMARK_HEADERS]);

const headerWord = (text: string) => text.normalize('NFKC').trim().toLowerCase();
export const isNumberHeader = (text: string) => NUMBER_HEADERS.includes(headerWord(text));
export const isQtyHeader = (text: string) => QTY_HEADERS.includes(headerWord(text));
export const isRemarkHeader = (text: string) => REMARK_HEADERS.includes(headerWord(text));

/** A plain positive whole number that can be a quantity. */
export function isQtyField(text: string): boolean {
  if (!/^\d{1,7}$/.test(text)) return false;
  const value = Number(text);
  return value >= 1 && value <= MAX_QTY_FIELD;
}

/** Looks like a quantity but is not a valid one: 0, negative, a fraction ("2.5", "2,5"). */
export function isBadQtyField(text: string): boolean {
  return /^[-+]?\d{1,7}([.,]\d{1,4})?$/.test(text) && !isQtyField(text);
}

/** Lookup keys of a number: its key, then (all digits only) the key with lost leading zeros restored. */
export function numberKeys(input: string): string[] {
  const key = normalizePartNumber(input);
  if (!key) return [];
  const keys = [key];
  if (/^\d+$/.test(key) && key.length >= PADDED_MIN_LENGTH) {
    for (let zeros = 1; zeros <= MAX_RESTORED_ZEROS && key.length + zeros <= PADDED_MAX_LENGTH; zeros++) {
      keys.push('0'.repeat(zeros) + key);
    }
  }
  return keys;
}

/** A leading word of letters only (2+, any script with case: "PSA", "Mann", "Febi") before a number with digits. */
const BRAND_PREFIX = /^(\p{L}{2,20})\s+(\S.*\d.*)$/u;

/** One reading of a number (with its brand-word keys, see Interpretation); shared by paste, sheets and AddProBodyByNumber. */
export function numberReading(input: string, qtyText: string | null, remark = ''): Interpretation {
  const keys = numberKeys(input);
  const brandKeysFrom = keys.length;
  const prefixed = BRAND_PREFIX.exec(input);
  if (!prefixed) return { input, keys, qtyText, remark, brandWord: null, brandKeysFrom };
  const stripped = numberKeys(prefixed[2]!).filter((key) => !keys.includes(key));
  return { input, keys: [...keys, ...stripped], qtyText, remark, brandWord: prefixed[1]!, brandKeysFrom };
}

/**
 * A quantity written with a marker: "x4", "×4", "*4", "4x", "4pcs", "4 件" (after the marker
 * spaces were closed up by `closeQtyMarkers`). Answers the digits, or null.
 */
export function markedQty(token: string): string | null {
  // A field of its own may keep its space ("4 pcs" between two tabs).
  const compact = token.replace(/\s+/gu, '');
  const match = /^(?:[x×*](\d{1,7})|(\d{1,7})(?:x|×|pcs?|件|个|uds?|unidad(?:es)?))$/iu.exec(compact);
  return match ? (match[1] ?? match[2]!) : null;
}

/** "4 pcs" → "4pcs": a count and its unit become one token (a unit always follows its count). */
function closeQtyMarkers(line: string): string {
  return line.replace(/(^|\s)(\d{1,7})\s+(pcs?|件|个|uds?|unidad(?:es)?)(?=\s|$)/giu, '$1$2$3');
}

const isMarker = (token: string) => /^[x×*]$/iu.test(token);

/**
 * Readings of a line split by a real separator (tab, semicolon, comma, 2+ spaces): the number
 * is the first field that cannot be a quantity, the quantity the first field that can, the
 * remark the rest. When every field looks numeric (digit-only part numbers), both orders.
 */
function structuredReadings(fields: string[]): Interpretation[] {
  const present = fields.filter((field) => field !== '');
  if (present.length === 0) return [];
  if (present.length === 1) return [numberReading(present[0]!, null)];
  const qtyLike = (field: string) => isQtyField(field) || isBadQtyField(field) || markedQty(field) !== null;
  const readings: Interpretation[] = [];
  const numberIndex = present.findIndex((field) => !qtyLike(field));
  if (numberIndex >= 0) {
    const qtyIndex = present.findIndex((field, index) => index !== numberIndex && qtyLike(field));
    const rest = present.filter((_, index) => index !== numberIndex && index !== qtyIndex);
    const qtyField = qtyIndex >= 0 ? present[qtyIndex]! : null;
    readings.push(
      numberReading(
        present[numberIndex]!,
        qtyField === null ? null : (markedQty(qtyField) ?? qtyField),
        rest.join(' '),
      ),
    );
  } else {
    const rest = present.slice(2).join(' ');
    readings.push(numberReading(present[0]!, present[1]!, rest));
    readings.push(numberReading(present[1]!, present[0]!, rest));
  }
  return readings;
}

/**
 * Readings of a line with single spaces only ("04465-33450 4", "4 04465-33450",
 * "0 986 494 123 5"): Bosch numbers contain spaces, so a quantity can only be the first or
 * last token, and the whole line may be the number. Valid quantities first, then the whole
 * line, then invalid quantities (so "… 0" is flagged rather than glued to the number).
 */
function spacedReadings(tokens: string[]): { readings: Interpretation[]; fallback: number } {
  if (tokens.length === 1) return { readings: [numberReading(tokens[0]!, null)], fallback: 0 };
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  // A marked quantity ("805077 x4", "4x 805077", "805077 4pcs") says which token is the
  // quantity: no other reading, so the marker never becomes part of the number.
  const markedLast = markedQty(last);
  if (markedLast !== null)
    return { readings: [numberReading(tokens.slice(0, -1).join(' '), markedLast)], fallback: 0 };
  const markedFirst = markedQty(first);
  if (markedFirst !== null)
    return { readings: [numberReading(tokens.slice(1).join(' '), markedFirst)], fallback: 0 };
  // "805077 x 4", "4 x 805077", "04465-33450 * 2": a lone marker beside an edge token. Both
  // sides may look like quantities, so both readings, the longer number first.
  if (tokens.length >= 3) {
    const marked: Interpretation[] = [];
    if (isMarker(tokens[tokens.length - 2]!) && isQtyField(last)) {
      marked.push(numberReading(tokens.slice(0, -2).join(' '), last));
    }
    if (isMarker(tokens[1]!) && isQtyField(first))
      marked.push(numberReading(tokens.slice(2).join(' '), first));
    if (marked.length > 0) {
      marked.sort((a, b) => b.input.length - a.input.length);
      return { readings: marked, fallback: 0 };
    }
  }
  const withLast = numberReading(tokens.slice(0, -1).join(' '), last);
  const withFirst = numberReading(tokens.slice(1).join(' '), first);
  const whole = numberReading(tokens.join(' '), null);
  const readings: Interpretation[] = [];
  if (isQtyField(last)) readings.push(withLast);
  if (isQtyField(first)) readings.push(withFirst);
  const wholeIndex = readings.push(whole) - 1;
  if (isBadQtyField(last)) readings.push(withLast);
  if (isBadQtyField(first)) readings.push(withFirst);
  // Unknown number: short digit groups only ("0 986 494 123") read best as one number;
  // otherwise a trailing/leading quantity is the likelier intent ("W 712/95 10",
  // "0986494124 1": a long digit run is a number on its own, so the "1" is its quantity).
  const allDigitGroups = tokens.every((token) => /^\d{1,4}$/.test(token));
  return { readings, fallback: allDigitGroups ? wholeIndex : 0 };
}

/** Splits one line into fields by the strongest separator present. */
export function splitFields(line: string): { fields: string[]; structured: boolean } {
  for (const separator of ['\t', ';', ',']) {
    if (line.includes(separator)) {
      return { fields: line.split(separator).map((field) => field.trim()), structured: true };
    }
  }
  const trimmed = line.trim();
  if (/\S\s{2,}\S/.test(trimmed)) return { fields: trimmed.split(/\s{2,}/), structured: true };
  return { fields: trimmed.split(/\s+/), structured: false };
}

/** Readings of one line of text; empty when the line is blank. */
export function parseLine(text: string, line: number): ParsedLine | null {
  // Full-width separators (Chinese input methods) count like ASCII ones.
  const cleaned = closeQtyMarkers(
    text
      .replace(/\u3000/g, ' ')
      .replace(/，/g, ',')
      .replace(/；/g, ';')
      .trim(),
  );
  if (cleaned === '') return null;
  const { fields, structured } = splitFields(cleaned);
  if (structured) {
    const readings = structuredReadings(fields);
    return readings.length === 0 ? null : { line, interpretations: readings, fallback: 0 };
  }
  const { readings, fallback } = spacedReadings(fields);
  return { line, interpretations: readings, fallback };
}

/** "number qty", "Number\tQuantity\tRemark", "编号,数量": every field a header word, one of them the number's. */
function isHeaderLine(text: string): boolean {
  const words = text
    .split(/[\t,;]|\s+/)
    .map(headerWord)
    .filter((word) => word !== '');
  return words.length > 0 && words.every((word) => HEADER_WORDS.has(word)) && words.some(isNumberHeader);
}

/** Pasted text → lines with their readings; blank lines and a header line at the top are skipped. */
export function parsePastedText(text: string): ParsedLine[] {
  const lines = text.split(/\r\n|\r|\n/);
  const parsed: ParsedLine[] = [];
  let seenContent = false;
  lines.forEach((content, index) => {
    if (!seenContent && content.trim() !== '') {
      seenContent = true;
      if (isHeaderLine(content)) return;
    }
    const line = parseLine(content, index + 1);
    if (line) parsed.push(line);
  });
  return parsed;
}
