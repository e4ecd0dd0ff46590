import type { Language } from '@partsportal/contract/codes';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-patterns';
import { cleanNames, nameIn, type TermKind } from '../../db/localized-names';
import { stores, termNames } from '../../db/schema/catalog';
import type { Names } from '../../db/schema/names';
import { areas, freightCarriers } from '../../db/schema/trading';

/**
 * Reads and writes the per-language names of data (decision 011): stores, carriers, areas and the
 * vocabulary of repeated words (units, parameter names and values, vehicle words). The buyer
 * calls read names through localizedName/termIn in their own queries; these functions are for
 * the back office (edit, import) and for names picked in TypeScript (a product's parameters).
 */
/** What the back office's list, export and import read of one kind. */
export interface NameListFilter {
  /** Part of the written name or of a name in any language. */
  keyword?: string;
  /** Only entries missing a name in zh, en or es. */
  missing?: boolean;
  /** One entry: its id as text, or the word as written. */
  key?: string;
  offset?: number;
  limit?: number;
}

export interface NameListRow {
  key: string;
  written: string;
  names: Names;
  /** An area's parent id (its path is the entry's context); null for the others. */
  parentId: number | null;
  total: number;
  /** Carriers only: their tracking page ('' = none). */
  trackingUrl?: string;
}

/** The list's conditions over one table's written name and names object. */
function listConditions(written: AnyPgColumn, names: AnyPgColumn | SQL, filter: NameListFilter) {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    conditions.push(sql`concat_ws(' ', ${written}, ${names} ->> 'zh', ${names} ->> 'en', ${names} ->> 'es')
      ilike ${containsPattern(filter.keyword)}`);
  }
  if (filter.missing) {
    conditions.push(sql`(coalesce(${names} ->> 'zh', '') = '' or coalesce(${names} ->> 'en', '') = ''
      or coalesce(${names} ->> 'es', '') = '')`);
  }
  return conditions;
}

/** A row id from a key; keys of rows are ids, anything else names no row. */
const idOfKey = (key: string) =>
  /^[1-9]\d{0,9}$/.test(key) && Number(key) <= 2_147_483_647 ? Number(key) : null;

const areaNamesObject = sql<Names>`jsonb_build_object('zh', ${areas.name}, 'en', ${areas.nameEn}, 'es', ${areas.nameEs})`;

export function createNamesRepository(db: Db) {
  const page = <T extends { limit: (n: number) => T; offset: (n: number) => T }>(
    query: T,
    filter: NameListFilter,
  ) => (filter.limit === undefined ? query : query.limit(filter.limit).offset(filter.offset ?? 0));

  return {
    /**
     * One kind's entries for the back office (list, export, import), in id order (rows) or word
     * order (terms, byte order so both databases agree), with the count before paging. Stores
     * and carriers are the account's; areas and words are shared.
     */
    async list(
      accountId: number,
      kind: NameRowKind | TermKind,
      filter: NameListFilter,
    ): Promise<NameListRow[]> {
      const total = sql<number>`(count(*) over ())::int`;
      const byKey = (column: AnyPgColumn) => {
        if (filter.key === undefined) return [];
        const id = idOfKey(filter.key);
        return id === null ? [sql`false`] : [eq(column, id)];
      };
      if (kind === 'store' || kind === 'carrier') {
        const table = kind === 'store' ? stores : freightCarriers;
        return page(
          db
            .select({
              key: sql<string>`${table.id}::text`,
              written: table.name,
              names: table.names,
              parentId: sql<number | null>`null::int`,
              total,
              ...(kind === 'carrier' ? { trackingUrl: freightCarriers.trackingUrl } : {}),
            })
            .from(table)
            .where(
              and(
                eq(table.accountId, accountId),
                ...byKey(table.id),
                ...listConditions(table.name, table.names, filter),
              ),
            )
            .orderBy(asc(table.id))
            .$dynamic(),
          filter,
        );
      }
      if (kind === 'area') {
        return page(
          db
            .select({
              key: sql<string>`${areas.id}::text`,
              written: areas.name,
              names: areaNamesObject,
              parentId: areas.parentId,
              total,
            })
            .from(areas)
            .where(and(...byKey(areas.id), ...listConditions(areas.name, areaNamesObject, filter)))
            .orderBy(asc(areas.id))
            .$dynamic(),
          filter,
        );
      }
      return page(
        db
          .select({
            key: termNames.term,
            written: termNames.term,
            names: termNames.names,
            parentId: sql<number | null>`null::int`,
            total,
          })
          .from(termNames)
          .where(
            and(
              eq(termNames.kind, kind),
              ...(filter.key === undefined ? [] : [eq(termNames.term, filter.key)]),
              ...listConditions(termNames.term, termNames.names, filter),
            ),
          )
          .orderBy(sql`${termNames.term} collate "C"`)
          .$dynamic(),
        filter,
      );
    },

    /** Area paths in `language` ("China / Guangdong"), for the entries shown. */
    async areaPaths(areaIds: readonly number[], language: Language) {
      if (areaIds.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: areas.id, path: sql<string>`coalesce(area_path(${areas.id}, ${language}), '')` })
        .from(areas)
        .where(inArray(areas.id, [...new Set(areaIds)]));
      return new Map(rows.map((row) => [row.id, row.path]));
    },

    /**
     * Locks one row or word before it changes, so the audit's "before" is what the write
     * replaced (two staff saving at once are serialized); the same shape as `list`.
     */
    async lockEntry(
      accountId: number,
      kind: NameRowKind | TermKind,
      key: string,
    ): Promise<{ written: string; names: Names } | undefined> {
      const id = idOfKey(key);
      if (kind === 'store' || kind === 'carrier') {
        if (id === null) return undefined;
        const table = kind === 'store' ? stores : freightCarriers;
        const [row] = await db
          .select({ written: table.name, names: table.names })
          .from(table)
          .where(and(eq(table.id, id), eq(table.accountId, accountId)))
          .for('update');
        return row;
      }
      if (kind === 'area') {
        if (id === null) return undefined;
        const [row] = await db
          .select({ written: areas.name, names: areaNamesObject })
          .from(areas)
          .where(eq(areas.id, id))
          .for('update');
        return row;
      }
      const [row] = await db
        .select({ written: termNames.term, names: termNames.names })
        .from(termNames)
        .where(and(eq(termNames.kind, kind), eq(termNames.term, key)))
        .for('update');
      return row;
    },

    /** The account's stores with their names as written and per language. */
    async storeNames(accountId: number) {
      return db
        .select({ id: stores.id, name: stores.name, names: stores.names })
        .from(stores)
        .where(eq(stores.accountId, accountId))
        .orderBy(asc(stores.id));
    },

    /** Replaces a store's per-language names (empty texts dropped); false when not the account's. */
    async setStoreNames(accountId: number, storeId: number, names: Names) {
      const updated = await db
        .update(stores)
        .set({ names: cleanNames(names) })
        .where(and(eq(stores.id, storeId), eq(stores.accountId, accountId)))
        .returning({ id: stores.id });
      return updated.length > 0;
    },

    async carrierNames(accountId: number) {
      return db
        .select({ id: freightCarriers.id, name: freightCarriers.name, names: freightCarriers.names })
        .from(freightCarriers)
        .where(eq(freightCarriers.accountId, accountId))
        .orderBy(asc(freightCarriers.id));
    },

    /** Locks the carrier and answers its tracking page; undefined when it is not the account's. */
    async lockCarrierTracking(accountId: number, carrierId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ trackingUrl: freightCarriers.trackingUrl })
        .from(freightCarriers)
        .where(and(eq(freightCarriers.id, carrierId), eq(freightCarriers.accountId, accountId)))
        .for('update');
      return row?.trackingUrl;
    },

    async setCarrierTracking(accountId: number, carrierId: number, trackingUrl: string) {
      await db
        .update(freightCarriers)
        .set({ trackingUrl })
        .where(and(eq(freightCarriers.id, carrierId), eq(freightCarriers.accountId, accountId)));
    },

    async setCarrierNames(accountId: number, carrierId: number, names: Names) {
      const updated = await db
        .update(freightCarriers)
        .set({ names: cleanNames(names) })
        .where(and(eq(freightCarriers.id, carrierId), eq(freightCarriers.accountId, accountId)))
        .returning({ id: freightCarriers.id });
      return updated.length > 0;
    },

    /**
     * An area's names. Areas keep their three columns (`name` is the zh name as written); an empty
     * en/es falls back to it. Areas are shared by every account. The process caches the area
     * list (areas.service.ts): a caller that edits areas at run time must also clear that cache.
     */
    async setAreaNames(areaId: number, names: Names) {
      const clean = cleanNames(names);
      const updated = await db
        .update(areas)
        .set({
          ...(clean.zh ? { name: clean.zh } : {}),
          nameEn: clean.en ?? '',
          nameEs: clean.es ?? '',
        })
        .where(eq(areas.id, areaId))
        .returning({ id: areas.id });
      return updated.length > 0;
    },

    /** The vocabulary of one kind, for the back office's list. */
    async termList(kind: TermKind) {
      return db
        .select({ term: termNames.term, names: termNames.names })
        .from(termNames)
        .where(eq(termNames.kind, kind))
        .orderBy(asc(termNames.term));
    },

    /** Adds or replaces the names of a word; a word without any name is removed. */
    async setTermNames(kind: TermKind, term: string, names: Names) {
      const clean = cleanNames(names);
      if (Object.keys(clean).length === 0) {
        await db.delete(termNames).where(and(eq(termNames.kind, kind), eq(termNames.term, term)));
        return;
      }
      await db
        .insert(termNames)
        .values({ kind, term, names: clean })
        .onConflictDoUpdate({
          target: [termNames.kind, termNames.term],
          set: { names: sql`excluded.names` },
        });
    },

    /**
     * Words in `language`: a function from (kind, word as written) to the word shown, after one
     * query for all of them (a product's parameter names and values, say).
     */
    async termsIn(language: Language, words: ReadonlyArray<{ kind: TermKind; term: string }>) {
      const wanted = words.filter((word) => word.term !== '');
      const found =
        wanted.length === 0
          ? []
          : await db
              .select()
              .from(termNames)
              .where(
                or(
                  ...[...new Set(wanted.map((word) => word.kind))].map((kind) =>
                    and(
                      eq(termNames.kind, kind),
                      inArray(
                        termNames.term,
                        wanted.filter((word) => word.kind === kind).map((word) => word.term),
                      ),
                    ),
                  ),
                ),
              );
      const byKey = new Map(found.map((row) => [`${row.kind}\u0000${row.term}`, row.names]));
      return (kind: TermKind, term: string) => nameIn(byKey.get(`${kind}\u0000${term}`), term, language);
    },
  };
}

/** The kinds of row with names beside a written name (the others are words, TermKind). */
export type NameRowKind = 'store' | 'carrier' | 'area';

export type NamesRepository = ReturnType<typeof createNamesRepository>;
