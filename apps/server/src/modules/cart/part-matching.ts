import { MAX_LINE_QTY, type MatchStatus } from '@partsportal/contract/cart';
import type { MessageKey, MessageParams } from '../../platform/messages';
import { isQtyField, type Interpretation, type ParsedLine } from './paste-parser';

/** Where a number was found, best first: our number, the company's own number, a cross number. */
export type HitTier = 'number' | 'my_number' | 'oe' | 'brand';

/** One lookup hit of one key (from the batch query). */
export interface NumberHit {
  key: string;
  tier: HitTier;
  productId: number;
  /** The number as stored ("TOYOTA 04465-33450" for cross numbers: brand and number). */
  value: string;
  /** Our number as printed, to tell exact from normalized matches. */
  productNumber: string;
  /** Brand of the hit: the product's for our numbers, the cross number's for OE/brand numbers. */
  brand: string;
  buyQty: number;
}

const TIER_ORDER: readonly HitTier[] = ['number', 'my_number', 'oe', 'brand'];

export interface ResolvedLine {
  line: number;
  input: string;
  /** The key the line is merged by. */
  key: string;
  /**
   * The key suggestions are looked up with: the number without its leading brand word when it
   * had one ("mann w 712/95" → W71295: the word would only blur the similarity).
   */
  suggestionKey: string;
  qty: number | null;
  remark: string;
  status: MatchStatus;
  via: { kind: 'oe' | 'brand_number' | 'my_number'; value: string } | null;
  productId: number | null;
  candidateIds: number[];
  mergedLines: number[];
  /** A problem to explain, translated by the service. */
  problem: { key: MessageKey; params: MessageParams } | null;
  /** The number written was replaced by `productId` (set by the service, decision 023). */
  replaces?: { number: string; factory: string; note: string };
}

/** Hits of each key, grouped by key. */
export function groupHits(hits: readonly NumberHit[]): Map<string, NumberHit[]> {
  const byKey = new Map<string, NumberHit[]>();
  for (const hit of hits) {
    const list = byKey.get(hit.key);
    if (list) list.push(hit);
    else byKey.set(hit.key, [hit]);
  }
  return byKey;
}

/** Letters and digits only, lower case, accents off: "MANN-FILTER" → "mannfilter". */
const brandKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
/** The word names the brand: "PSA" → PSA, "mann" → MANN-FILTER (a brand is often written short). */
const namesBrand = (brand: string, word: string) => {
  const key = brandKey(word);
  return key.length >= 2 && brandKey(brand).startsWith(key);
};

/**
 * The hits of the first key of a reading that found anything (padded keys only when the plain
 * one did not). Keys without a leading brand word count only with hits of that brand, so
 * "PSA 16 663 937 80" finds PSA's number and "Febi 12345" never someone else's 12345.
 */
function firstFound(reading: Interpretation, hitsByKey: Map<string, NumberHit[]>) {
  for (const [index, key] of reading.keys.entries()) {
    const stripped = index >= reading.brandKeysFrom;
    const all = hitsByKey.get(key) ?? [];
    const hits = stripped ? all.filter((hit) => namesBrand(hit.brand, reading.brandWord ?? '')) : all;
    if (hits.length > 0) return { key, hits, padded: index !== 0 && index !== reading.brandKeysFrom };
  }
  return null;
}

type QtyCheck = { qty: number | null; problem: ResolvedLine['problem'] };

function parseQty(text: string | null): QtyCheck {
  if (text === null || text.trim() === '') return { qty: null, problem: null };
  const trimmed = text.trim();
  if (!isQtyField(trimmed)) {
    return { qty: null, problem: { key: 'importQtyNotWhole', params: { qty: trimmed } } };
  }
  return { qty: Number(trimmed), problem: null };
}

interface Chosen {
  line: ParsedLine;
  reading: Interpretation;
  key: string;
  hits: NumberHit[];
  padded: boolean;
  qty: QtyCheck;
}

/** Picks, for each line, the first reading whose number exists, else the line's fallback reading. */
function choose(line: ParsedLine, hitsByKey: Map<string, NumberHit[]>): Chosen | null {
  for (const reading of line.interpretations) {
    const found = firstFound(reading, hitsByKey);
    if (found) return { line, reading, ...found, qty: parseQty(reading.qtyText) };
  }
  const reading = line.interpretations[line.fallback] ?? line.interpretations[0];
  if (!reading) return null;
  return {
    line,
    reading,
    key: reading.keys[0] ?? '',
    hits: [],
    padded: false,
    qty: parseQty(reading.qtyText),
  };
}

/** The products of the best tier that found the key; several → ambiguous. */
function bestTier(hits: readonly NumberHit[]) {
  for (const tier of TIER_ORDER) {
    const inTier = hits.filter((hit) => hit.tier === tier);
    if (inTier.length === 0) continue;
    const byProduct = new Map<number, NumberHit>();
    for (const hit of inTier) if (!byProduct.has(hit.productId)) byProduct.set(hit.productId, hit);
    return [...byProduct.values()];
  }
  return [];
}

/**
 * Turns parsed lines and the batch lookup's hits into result lines: picks a reading per line,
 * merges duplicates (same key) with summed quantities, classifies the match and checks the
 * quantity against buy_qty and MAX_LINE_QTY. Pure, so every rule is unit-tested without a database.
 */
export function resolveLines(lines: readonly ParsedLine[], hits: readonly NumberHit[]): ResolvedLine[] {
  const hitsByKey = groupHits(hits);
  const byKey = new Map<string, { first: Chosen; merged: Chosen[] }>();
  const order: Array<{ first: Chosen; merged: Chosen[] }> = [];
  for (const line of lines) {
    const chosen = choose(line, hitsByKey);
    if (!chosen) continue;
    // Lines without any letter or digit cannot be merged meaningfully; keep each on its own.
    const existing = chosen.key ? byKey.get(chosen.key) : undefined;
    if (existing) {
      existing.merged.push(chosen);
      continue;
    }
    const group = { first: chosen, merged: [] as Chosen[] };
    if (chosen.key) byKey.set(chosen.key, group);
    order.push(group);
  }
  return order.map(({ first, merged }) => classify(first, merged));
}

function classify(first: Chosen, merged: Chosen[]): ResolvedLine {
  const all = [first, ...merged];
  const products = bestTier(first.hits);
  const single = products.length === 1 ? products[0]! : null;
  const buyQty = single?.buyQty ?? 0;
  const defaultQty = buyQty > 0 ? buyQty : 1;

  // Merged quantities: a line without a quantity counts as the default quantity.
  const badQty = all.find((chosen) => chosen.qty.problem !== null);
  const given = all.filter((chosen) => chosen.qty.qty !== null);
  let qty: number | null = null;
  if (!badQty && given.length > 0) {
    qty = all.reduce((sum, chosen) => sum + (chosen.qty.qty ?? defaultQty), 0);
  }
  const remark = all.map((chosen) => chosen.reading.remark.trim()).find((text) => text !== '') ?? '';
  const base: ResolvedLine = {
    line: first.line.line,
    input: first.reading.input,
    key: first.key,
    suggestionKey: first.reading.keys[first.reading.brandKeysFrom] ?? first.key,
    qty,
    remark,
    status: 'not_found',
    via: null,
    productId: null,
    candidateIds: [],
    mergedLines: merged.map((chosen) => chosen.line.line),
    problem: null,
  };

  if (products.length === 0) {
    return { ...base, problem: badQty?.qty.problem ?? { key: 'importNumberNotFound', params: {} } };
  }
  if (!single) {
    return {
      ...base,
      status: 'ambiguous',
      candidateIds: products.map((hit) => hit.productId),
      problem: { key: 'importAmbiguous', params: { count: products.length } },
    };
  }

  const matched: ResolvedLine = { ...base, productId: single.productId, status: matchStatus(first, single) };
  if (single.tier !== 'number') {
    matched.via = {
      kind: single.tier === 'oe' ? 'oe' : single.tier === 'brand' ? 'brand_number' : 'my_number',
      value: single.value,
    };
  }
  if (badQty?.qty.problem) return { ...matched, status: 'invalid_qty', problem: badQty.qty.problem };
  const effective = qty ?? defaultQty;
  if (effective > MAX_LINE_QTY) {
    return {
      ...matched,
      status: 'invalid_qty',
      problem: { key: 'importQtyTooLarge', params: { qty: effective, max: MAX_LINE_QTY } },
    };
  }
  if (buyQty > 0 && effective % buyQty !== 0) {
    return {
      ...matched,
      status: 'invalid_qty',
      problem: { key: 'cartQtyNotMultiple', params: { number: single.productNumber, buy_qty: buyQty } },
    };
  }
  if (first.padded) {
    return { ...matched, problem: { key: 'importZerosRestored', params: { number: single.productNumber } } };
  }
  return matched;
}

function matchStatus(chosen: Chosen, hit: NumberHit): MatchStatus {
  switch (hit.tier) {
    case 'number':
      return !chosen.padded && chosen.reading.input === hit.productNumber ? 'exact' : 'normalized';
    case 'my_number':
      return 'my_number';
    default:
      return 'cross';
  }
}

/** Every key any reading of any line may need, for the one batch lookup. */
export function lookupKeys(lines: readonly ParsedLine[]): string[] {
  const keys = new Set<string>();
  for (const line of lines) {
    for (const reading of line.interpretations) for (const key of reading.keys) keys.add(key);
  }
  return [...keys];
}

/**
 * Keys still worth a cross-number lookup: those of lines none of whose readings found our own
 * number or the company's number (the costly lookup is skipped for lines already resolved).
 */
export function unresolvedKeys(lines: readonly ParsedLine[], hits: readonly NumberHit[]): string[] {
  const found = new Set(hits.map((hit) => hit.key));
  const keys = new Set<string>();
  for (const line of lines) {
    const readingKeys = line.interpretations.flatMap((reading) => reading.keys);
    if (readingKeys.some((key) => found.has(key))) continue;
    for (const key of readingKeys) keys.add(key);
  }
  return [...keys];
}
