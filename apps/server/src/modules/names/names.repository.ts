import type { Language } from '@partsportal/contract/codes';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
export function createNamesRepository(db: Db) {
  return {
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

export type NamesRepository = ReturnType<typeof createNamesRepository>;
