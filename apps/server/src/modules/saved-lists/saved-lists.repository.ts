import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems, savedListItems, savedLists } from '../../db/schema/trading';

export interface SavedListLineInput {
  productId: number;
  storeId: number | null;
  qty: number;
  remark: string;
}

const epochSeconds = (column: typeof savedLists.updatedAt) =>
  sql<number>`floor(extract(epoch from ${column}))::bigint`.mapWith(Number);

/** Summary columns: counts from the items, so they never drift from the lines. */
const summaryColumns = {
  id: savedLists.id,
  name: savedLists.name,
  line_count:
    sql<number>`(select count(*) from saved_list_items i where i.list_id = ${savedLists.id})`.mapWith(Number),
  total_qty:
    sql<number>`(select coalesce(sum(i.qty), 0) from saved_list_items i where i.list_id = ${savedLists.id})`.mapWith(
      Number,
    ),
  updated_at: epochSeconds(savedLists.updatedAt),
};

/**
 * Saved part lists of one company: every read and write names the company, so another
 * company's list ids look unknown.
 */
export function createSavedListsRepository(db: Db) {
  return {
    async list(companyId: number) {
      return db
        .select(summaryColumns)
        .from(savedLists)
        .where(eq(savedLists.companyId, companyId))
        .orderBy(desc(savedLists.updatedAt), desc(savedLists.id));
    },

    async summary(companyId: number, id: number) {
      const [row] = await db
        .select(summaryColumns)
        .from(savedLists)
        .where(and(eq(savedLists.companyId, companyId), eq(savedLists.id, id)));
      return row;
    },

    async count(companyId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(savedLists)
        .where(eq(savedLists.companyId, companyId));
      return row?.n ?? 0;
    },

    /** A list of the company with that name, whatever the case (another than `exceptId`). */
    async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: savedLists.id })
        .from(savedLists)
        .where(
          and(
            eq(savedLists.companyId, companyId),
            sql`lower(${savedLists.name}) = lower(${name})`,
            exceptId === undefined ? undefined : sql`${savedLists.id} <> ${exceptId}`,
          ),
        );
      return row !== undefined;
    },

    async lines(listId: number) {
      return db
        .select({
          seq: savedListItems.seq,
          productId: savedListItems.productId,
          storeId: savedListItems.storeId,
          qty: savedListItems.qty,
          remark: savedListItems.remark,
        })
        .from(savedListItems)
        .where(eq(savedListItems.listId, listId))
        .orderBy(asc(savedListItems.seq));
    },

    /** The caller's cart lines, newest change first (only `ids` when given). */
    async cartLines(user: { userId: number; companyId: number }, ids: readonly number[] | undefined) {
      return db
        .select({
          productId: cartItems.productId,
          storeId: cartItems.storeId,
          qty: cartItems.qty,
          remark: cartItems.remark,
        })
        .from(cartItems)
        .where(
          and(
            eq(cartItems.userId, user.userId),
            eq(cartItems.companyId, user.companyId),
            ids === undefined ? undefined : inArray(cartItems.id, [...ids]),
          ),
        )
        .orderBy(desc(cartItems.updatedAt), desc(cartItems.id));
    },

    async insert(companyId: number, userId: number, name: string, lines: readonly SavedListLineInput[]) {
      const [row] = await db
        .insert(savedLists)
        .values({ companyId, name, createdBy: userId })
        .returning({ id: savedLists.id });
      const id = row!.id;
      if (lines.length > 0) {
        await db
          .insert(savedListItems)
          .values(lines.map((line, index) => ({ listId: id, seq: index + 1, ...line })));
      }
      return id;
    },

    async rename(companyId: number, id: number, name: string): Promise<boolean> {
      const rows = await db
        .update(savedLists)
        .set({ name, updatedAt: sql`now()` })
        .where(and(eq(savedLists.companyId, companyId), eq(savedLists.id, id)))
        .returning({ id: savedLists.id });
      return rows.length === 1;
    },

    async remove(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(savedLists)
        .where(and(eq(savedLists.companyId, companyId), eq(savedLists.id, id)))
        .returning({ id: savedLists.id });
      return rows.length === 1;
    },
  };
}

export type SavedListsRepository = ReturnType<typeof createSavedListsRepository>;
