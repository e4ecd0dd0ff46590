import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  catalogEndpoints,
  MIN_PREFIX_LENGTH,
  type CatalogRow,
  type ProductList,
  type ProductListRequest,
} from '@partsportal/contract/catalog';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import { callEndpoint } from '@shared/api/client';
import { endpointQuery } from '@shared/api/server-state';
import { useThrottledValue } from '@shared/hooks/use-throttled-value';

/** While the buyer types, the typed text is asked for this often (the pause's search comes after). */
export const TYPING_ASK_MS = 120;

/** The numbers a row can be found by as the user types them, normalized as the server does. */
const rowKeys = (row: CatalogRow) =>
  [row.number, row.my_number, ...row.contrastNumber.map((cross) => cross.number)].map(normalizePartNumber);

/** How the server would say the row matched the whole typed key (catalog.repository.ts's tiers). */
function matchFor(row: CatalogRow, key: string): CatalogRow['match'] {
  if (normalizePartNumber(row.number) === key) return { kind: 'number', value: row.number };
  if (row.my_number && normalizePartNumber(row.my_number) === key)
    return { kind: 'my_number', value: row.my_number };
  const cross = row.contrastNumber.find((number) => normalizePartNumber(number.number) === key);
  if (cross)
    return { kind: cross.kind === 'oe' ? 'oe' : 'brand_number', value: `${cross.brand} ${cross.number}` };
  const starts = [row.number, row.my_number].find(
    (number) => number && normalizePartNumber(number).startsWith(key),
  );
  return { kind: 'prefix', value: starts ?? row.number };
}

/**
 * The rows of `answer` whose number, own number or cross number starts with what is typed now,
 * the one whose number is exactly that first; undefined when none does. Each is a true result
 * of the typed text: the answer for a shorter text, narrowed here, holds no row the longer text
 * would not find (the server ranks number matches first) — it may only miss some, which the
 * answer for the whole text then brings.
 */
export function narrowToTyped(answer: ProductList, typed: string): ProductList | undefined {
  const key = normalizePartNumber(typed);
  if (key.length < MIN_PREFIX_LENGTH) return undefined;
  const rows = answer.list.filter((row) => rowKeys(row).some((number) => number.startsWith(key)));
  if (rows.length === 0) return undefined;
  const exact = rows.filter((row) => normalizePartNumber(row.number) === key);
  // Each row says how it matches what is typed now, not the shorter text it was found by.
  const list = [...exact, ...rows.filter((row) => !exact.includes(row))].map((row) => ({
    ...row,
    match: matchFor(row, key),
  }));
  // "N+ parts": more may match than the narrowed rows show, until the whole answer comes.
  return { ...answer, list, total: list.length, total_is_lower_bound: true, replacements: [] };
}

/** The answer's rows and how each matches, to tell whether a new narrowing shows anything new. */
const shownRows = (answer: ProductList | undefined) =>
  answer?.list.map((row) => `${row.id}:${row.match.kind}:${row.match.value}`).join() ?? '';

/**
 * Search as you type (issue 18 item 4): while the buyer types, and until the answer for the whole
 * text comes, the rows to show — the latest answer for a text typed so far (asked for every
 * TYPING_ASK_MS, not only after the pause), narrowed to what is typed now; undefined when it has
 * none or nothing is being typed. The page's own search (the debounced keyword in the address)
 * is unchanged and replaces these rows when it answers.
 *
 * The asks are not cancelled when the next one starts, unlike the page's searches: on a phone
 * line (150 ms a request) an ask every 120 ms was always replaced before its answer came, so
 * nothing was shown until the buyer stopped typing. Each answer is used when it is the newest
 * ask answered so far; one that comes after a newer one's is dropped.
 */
export function useTypedPrefixRows(
  typed: string,
  request: ProductListRequest,
  /** The page shows the answer for its keyword (not the previous keyword's). */
  settled: boolean,
): ProductList | undefined {
  const queryClient = useQueryClient();
  const asked = useThrottledValue(typed, TYPING_ASK_MS);
  // From the first key the user types until the page shows the answer for what was typed.
  const [waiting, setWaiting] = useState(false);
  if (!waiting && typed !== request.keyword) setWaiting(true);
  if (waiting && typed === request.keyword && settled) setWaiting(false);
  const enabled = waiting && normalizePartNumber(asked).length >= MIN_PREFIX_LENGTH;
  // The filters besides the words: an answer under other filters is not one of these results.
  const filtersKey = JSON.stringify({ ...request, keyword: '', page: 1 });
  const [latest, setLatest] = useState<{ order: number; filtersKey: string; answer: ProductList }>();
  const asks = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const order = ++asks.current;
    const body = { ...request, keyword: asked, page: 1 };
    queryClient
      .fetchQuery({
        ...endpointQuery(catalogEndpoints.getProductList, body),
        queryFn: () => callEndpoint(catalogEndpoints.getProductList, body, { silent: true }),
      })
      .then(
        (answer) =>
          setLatest((current) =>
            current && current.order > order ? current : { order, filtersKey, answer },
          ),
        // A failed ask shows nothing; the page's own search reports its failure.
        () => undefined,
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the request is named by filtersKey
  }, [asked, enabled, filtersKey]);

  const answer = waiting && latest?.filtersKey === filtersKey ? latest.answer : undefined;
  const rows = useMemo(() => (answer ? narrowToTyped(answer, typed) : undefined), [answer, typed]);
  // The same rows as shown already keep the same object, so the memoized list does not redraw
  // (under a phone's CPU each redraw of the cards is tens of ms a key).
  const shown = shownRows(rows);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by what the rows show
  return useMemo(() => rows, [shown]);
}
