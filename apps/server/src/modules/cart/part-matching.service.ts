import {
  MAX_BATCH_LINES,
  MAX_SUGGESTIONS,
  type MatchLine,
  type MatchProduct,
  type MatchResult,
} from '@partsportal/contract/cart';
import type { Language } from '@partsportal/contract/codes';
import type { AuthContext } from '../../platform/auth-context';
import { refused } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { Repositories } from '../../repositories';
import { demandKey } from '../reports/reports.service';
import { lookupKeys, resolveLines, unresolvedKeys, type ResolvedLine } from './part-matching';
import { parsePastedText, type ParsedLine } from './paste-parser';
import { equivalentsOf, followReplacements } from '../supersessions/equivalents';
import { MAX_EQUIVALENTS } from '@partsportal/contract/supersessions';

/**
 * Suggestions cost a trigram search each; only this many not-found lines get them (the first
 * ones), so a file of 5,000 unknown numbers still answers quickly.
 */
export const SUGGESTION_LINES = 30;
/** Keys shorter than this share trigrams with far too many numbers to suggest anything useful. */
const MIN_SUGGESTION_KEY = 4;
/**
 * No stored number is near this long, so nothing is "close" to a longer key; and the trigram
 * search costs with the key's length (a 70,000-character pasted line took 9 s on PGlite).
 */
export const MAX_SUGGESTION_KEY = 64;
/**
 * Trigram similarity a stored number needs to be suggested. pg_trgm's own `%` threshold (0.3)
 * let unrelated parts through (a new user's walk: an unknown number got three parts that only
 * shared a digit run). 0.45 keeps a one-character typo (≈ 0.7 on a 10-character number) and a
 * swap of two neighbours (≈ 0.5); paste-readings.routes.test.ts pins both sides.
 */
export const MIN_SUGGESTION_SIMILARITY = 0.45;
/**
 * Equivalents cost a lookup per out-of-stock line; only this many such lines get them (the first
 * ones), so a 5,000-line file of parts out of stock still answers quickly (decision 023).
 */
export const EQUIVALENT_LINES = 50;

const MATCHED = new Set(['exact', 'normalized', 'cross', 'my_number', 'replaced']);

export function createPartMatchingService(deps: { repos: Repositories }) {
  const { partMatching: repo, catalog } = deps.repos;

  /** Products for the table, with this company's price and stock (the catalogue's hydration query). */
  async function matchProducts(auth: AuthContext, ids: readonly number[], language: Language) {
    const rows = await catalog.productRows([...new Set(ids)], auth.companyId, language);
    return new Map<number, MatchProduct>(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          number: row.number,
          part_name: row.part_name,
          factory: row.factory,
          price: row.price,
          currency: row.currency,
          available_stock: row.stores.reduce((sum, store) => sum + store.available_stock, 0),
          buy_qty: row.buy_qty,
          unit: row.unit,
        },
      ]),
    );
  }

  /** Resolves parsed lines: one lookup of our/own numbers, one of cross numbers for the rest. */
  async function resolve(auth: AuthContext, lines: readonly ParsedLine[]): Promise<ResolvedLine[]> {
    const own = await repo.lookupOwnNumbers(auth.accountId, auth.companyId, lookupKeys(lines));
    const cross = await repo.lookupCrossNumbers(auth.accountId, unresolvedKeys(lines, own));
    // Replaced numbers lead to their successors (decision 023).
    return followReplacements(deps.repos, auth.accountId, resolveLines(lines, [...own, ...cross]));
  }

  async function matchLines(
    auth: AuthContext,
    lines: readonly ParsedLine[],
    language: Language,
  ): Promise<MatchResult> {
    if (lines.length > MAX_BATCH_LINES) throw refused('importTooManyLines', { max: MAX_BATCH_LINES });
    const resolved = await resolve(auth, lines);

    const suggestionKeys = resolved
      .filter(
        (line) =>
          line.status === 'not_found' &&
          line.suggestionKey.length >= MIN_SUGGESTION_KEY &&
          line.suggestionKey.length <= MAX_SUGGESTION_KEY,
      )
      .slice(0, SUGGESTION_LINES)
      .map((line) => line.suggestionKey);
    const suggested = await repo.suggestions(
      auth.accountId,
      suggestionKeys,
      MAX_SUGGESTIONS,
      MIN_SUGGESTION_SIMILARITY,
    );
    const suggestionsByKey = new Map<string, number[]>();
    for (const { key, productId } of suggested) {
      suggestionsByKey.set(key, [...(suggestionsByKey.get(key) ?? []), productId]);
    }

    const ids = resolved.flatMap((line) => [
      ...(line.productId === null ? [] : [line.productId]),
      ...line.candidateIds,
    ]);
    const products = await matchProducts(auth, [...ids, ...suggested.map((row) => row.productId)], language);
    const pick = (list: readonly number[]) =>
      list.flatMap((id) => {
        const product = products.get(id);
        return product ? [product] : [];
      });

    // A replaced number's successor has its own order multiple: check the quantity against it.
    for (const line of resolved) {
      const product =
        line.status === 'replaced' && line.productId !== null ? products.get(line.productId) : undefined;
      if (product && product.buy_qty > 0 && line.qty !== null && line.qty % product.buy_qty !== 0) {
        line.status = 'invalid_qty';
        line.problem = {
          key: 'cartQtyNotMultiple',
          params: { number: product.number, buy_qty: product.buy_qty },
        };
      }
    }
    // Equivalents in stock of the first out-of-stock lines' parts.
    const outOfStock = [
      ...new Set(
        resolved.flatMap((line) => {
          const product = line.productId === null ? undefined : products.get(line.productId);
          return product && product.available_stock <= 0 ? [product.id] : [];
        }),
      ),
    ].slice(0, EQUIVALENT_LINES);
    const equivalents = await equivalentsOf(
      deps.repos,
      auth,
      outOfStock.map((id) => ({ id, successorId: null })),
      language,
      MAX_EQUIVALENTS,
    );

    const out: MatchLine[] = resolved.map((line) => ({
      line: line.line,
      input: line.input,
      qty: line.qty,
      remark: line.remark,
      status: line.status,
      via: line.via,
      product: line.productId === null ? null : (products.get(line.productId) ?? null),
      candidates: pick(line.candidateIds),
      suggestions: line.status === 'not_found' ? pick(suggestionsByKey.get(line.suggestionKey) ?? []) : [],
      merged_lines: line.mergedLines,
      replaces: line.replaces ?? null,
      equivalents: line.productId === null ? [] : (equivalents.get(line.productId) ?? []),
      message: line.problem ? translate(line.problem.key, language, line.problem.params) : '',
    }));
    // The demand report (issue 15 item 6): every line not found, in one insert.
    const misses = resolved.filter((line) => line.status === 'not_found' && line.input.trim());
    if (misses.length > 0) {
      await deps.repos.reports.recordMisses(
        misses.map((line) => ({
          accountId: auth.accountId,
          companyId: auth.companyId,
          numberKey: line.key || demandKey(line.input),
          input: line.input.trim().slice(0, 100),
          source: 'import' as const,
        })),
      );
    }
    const count = (status: string) => out.filter((line) => line.status === status).length;
    const matched = out.filter((line) => MATCHED.has(line.status)).length;
    const notFound = count('not_found');
    return {
      lines: out,
      summary: {
        total: lines.length,
        matched,
        ambiguous: count('ambiguous'),
        not_found: notFound,
        invalid_qty: count('invalid_qty'),
        merged: out.reduce((sum, line) => sum + line.merged_lines.length, 0),
      },
      // No line found anything: the spec's import message, but the lines still come back so the
      // buyer sees why (and the suggestions).
      message:
        out.length > 0 && notFound === out.length ? translate('productNotFoundByNumber', language) : '',
    };
  }

  return {
    matchLines,
    resolve,
    matchProducts,
    matchText: (auth: AuthContext, text: string, language: Language) =>
      matchLines(auth, parsePastedText(text), language),
  };
}

export type PartMatchingService = ReturnType<typeof createPartMatchingService>;
