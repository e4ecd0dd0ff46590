import type { Language } from '@partsportal/contract/codes';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { Equivalent, ProductLinks, ReplacedBy } from '@partsportal/contract/supersessions';
import type { AuthContext } from '../../platform/auth-context';
import type { Repositories } from '../../repositories';
import type { ResolvedLine } from '../cart/part-matching';
import type { NumberRef, Successor } from './supersessions.repository';

/**
 * What buyers meet of supersessions and substitutes (decision 023), shared by the catalogue and
 * the cart import: where a replaced number leads, and the equivalents in stock of out-of-stock
 * parts. Both are asked only for the rows one answer shows (a page, an import's lines), never
 * inside the search itself, so the search's plan and cost stay as they were.
 */

const refKey = (brandId: number | null, key: string) => `${brandId ?? ''}:${key}`;

/** The newest successors of these numbers, by `brandId:key` (`:key` for a number of any brand). */
export async function successorsOf(
  repos: Pick<Repositories, 'supersessions'>,
  accountId: number,
  refs: readonly NumberRef[],
): Promise<Map<string, Successor[]>> {
  const found = await repos.supersessions.successors(
    accountId,
    refs.filter((ref) => ref.key !== ''),
  );
  const byRef = new Map<string, Successor[]>();
  for (const successor of found) {
    const key = refKey(successor.from_brand_id, successor.from_key);
    byRef.set(key, [...(byRef.get(key) ?? []), successor]);
  }
  return byRef;
}

/** A part's own successor (its brand and number), if it was replaced. */
export const successorOfPart = (
  successors: Map<string, Successor[]>,
  part: { brand_id: number; number: string },
): Successor | undefined => successors.get(refKey(part.brand_id, normalizePartNumber(part.number)))?.[0];

/** Successors of a typed number of any brand. */
export const successorsOfNumber = (successors: Map<string, Successor[]>, key: string): Successor[] =>
  successors.get(refKey(null, key)) ?? [];

export const replacedBy = (successor: Successor | undefined): ReplacedBy | null =>
  successor
    ? {
        id: successor.product_id,
        number: successor.new_number,
        factory: successor.new_brand,
        note: successor.note,
      }
    : null;

/**
 * Equivalents in stock of `parts` (which the caller picked: the out-of-stock ones), with this
 * company's price from the catalogue's hydration query: the part's successor first when it is in
 * stock, then explicit substitutes, then parts sharing a cross number.
 */
export async function equivalentsOf(
  repos: Pick<Repositories, 'supersessions' | 'catalog'>,
  auth: AuthContext,
  parts: ReadonlyArray<{ id: number; successorId: number | null }>,
  language: Language,
  limit: number,
): Promise<Map<number, Equivalent[]>> {
  const out = new Map<number, Equivalent[]>();
  if (parts.length === 0) return out;
  const hits = await repos.supersessions.equivalents(
    auth.accountId,
    parts.map((part) => part.id),
  );
  const ids = new Set([
    ...hits.map((hit) => hit.equivalent_id),
    ...parts.flatMap((part) => (part.successorId === null ? [] : [part.successorId])),
  ]);
  const rows = await repos.catalog.productRows([...ids], auth.companyId, language);
  const byId = new Map(
    rows.map((row) => [
      row.id,
      { row, available: row.stores.reduce((sum, store) => sum + store.available_stock, 0) },
    ]),
  );
  const toEquivalent = (id: number, source: Equivalent['source']): Equivalent[] => {
    const found = byId.get(id);
    if (!found || found.available <= 0) return [];
    const { row } = found;
    return [
      {
        id: row.id,
        number: row.number,
        part_name: row.part_name,
        factory: row.factory,
        price: row.price,
        currency: row.currency,
        available_stock: found.available,
        buy_qty: row.buy_qty,
        unit: row.unit,
        source,
      },
    ];
  };
  for (const part of parts) {
    const list = [
      ...(part.successorId === null ? [] : toEquivalent(part.successorId, 'supersession')),
      ...hits
        .filter((hit) => hit.product_id === part.id)
        .flatMap((hit) => toEquivalent(hit.equivalent_id, hit.source)),
    ];
    const seen = new Set<number>();
    out.set(
      part.id,
      list.filter((item) => item.id !== part.id && !seen.has(item.id) && seen.add(item.id)).slice(0, limit),
    );
  }
  return out;
}

/**
 * Leads import lines from replaced numbers to their newest successors (decision 023): a line
 * that found a part whose number was replaced takes the successor when the catalogue has it; a
 * line that found nothing takes the successor of the number written (of any brand; several
 * brands' successors make it ambiguous). Either way the line says so. Two short statements for
 * the whole import, only when it has lines to follow.
 */
export async function followReplacements(
  repos: Pick<Repositories, 'supersessions'>,
  accountId: number,
  lines: ResolvedLine[],
): Promise<ResolvedLine[]> {
  const matched = lines.filter((line) => line.productId !== null && line.status !== 'ambiguous');
  const missing = lines.filter((line) => line.status === 'not_found' && line.key !== '');
  if (matched.length === 0 && missing.length === 0) return lines;
  const parts = new Map(
    (await repos.supersessions.partKeys(accountId, [...new Set(matched.map((line) => line.productId!))])).map(
      (part) => [part.id, part],
    ),
  );
  const successors = await successorsOf(repos, accountId, [
    ...[...parts.values()].map((part) => ({ brandId: part.brand_id, key: part.number_key })),
    ...missing.flatMap((line) => [
      { brandId: null, key: line.key },
      ...(line.suggestionKey && line.suggestionKey !== line.key
        ? [{ brandId: null, key: line.suggestionKey }]
        : []),
    ]),
  ]);
  const said = (successor: Successor) => ({
    number: successor.old_number,
    factory: successor.old_brand,
    note: successor.note,
  });
  const params = (successor: Successor) => ({
    old: successor.old_number,
    brand: successor.old_brand,
    number: `${successor.new_brand} ${successor.new_number}`,
  });
  return lines.map((line): ResolvedLine => {
    if (line.productId !== null && line.status !== 'ambiguous') {
      const part = parts.get(line.productId);
      const successor = part ? successors.get(refKey(part.brand_id, part.number_key))?.[0] : undefined;
      if (!successor) return line;
      if (successor.product_id === null || successor.product_id === line.productId) {
        return line.problem
          ? line
          : { ...line, problem: { key: 'importReplacedNotStocked', params: params(successor) } };
      }
      return {
        ...line,
        productId: successor.product_id,
        status: line.status === 'invalid_qty' ? line.status : 'replaced',
        replaces: said(successor),
        problem:
          line.status === 'invalid_qty' && line.problem
            ? line.problem
            : { key: 'importReplaced', params: params(successor) },
      };
    }
    if (line.status !== 'not_found' || line.key === '') return line;
    const found = [
      ...successorsOfNumber(successors, line.key),
      ...(line.suggestionKey !== line.key ? successorsOfNumber(successors, line.suggestionKey) : []),
    ];
    const stocked = found.filter((successor) => successor.product_id !== null);
    const ids = [...new Set(stocked.map((successor) => successor.product_id!))];
    if (ids.length === 1) {
      const successor = stocked[0]!;
      return {
        ...line,
        productId: ids[0]!,
        status: 'replaced',
        replaces: said(successor),
        problem: { key: 'importReplaced', params: params(successor) },
      };
    }
    if (ids.length > 1) {
      return {
        ...line,
        status: 'ambiguous',
        candidateIds: ids,
        problem: { key: 'importAmbiguous', params: { count: ids.length } },
      };
    }
    if (found[0]) return { ...line, problem: { key: 'importReplacedNotStocked', params: params(found[0]) } };
    return line;
  });
}

/** The back office's list of one product's links (supersessions.repository's linksOf rows). */
export function productLinks(
  rows: Awaited<ReturnType<Repositories['supersessions']['linksOf']>>,
): ProductLinks {
  const since = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    replaced_by: rows
      .filter((row) => row.kind === 'replaced_by')
      .map((row) => ({ brand: row.brand, number: row.number, note: row.note, since: since(row.since) })),
    replaces: rows
      .filter((row) => row.kind === 'replaces')
      .map((row) => ({ brand: row.brand, number: row.number, note: row.note, since: since(row.since) })),
    substitutes: rows
      .filter((row) => row.kind === 'to' || row.kind === 'from')
      .map((row) => ({
        brand: row.brand,
        number: row.number,
        two_way: row.two_way,
        direction: row.kind === 'to' ? ('to' as const) : ('from' as const),
        note: row.note,
      })),
  };
}
