import { MAX_BATCH_LINES } from '@partsportal/contract/cart';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import type { BuyAgain } from '@partsportal/contract/orders';
import type { SavedList, SavedListSummary } from '@partsportal/contract/saved-lists';
import {
  MAX_SAVED_LIST_LINES,
  MAX_SAVED_LIST_NAME,
  MAX_SAVED_LISTS,
  savedListNameProblem,
} from '@partsportal/contract/saved-lists-rules';
import type { AuthContext } from '../../platform/auth-context';
import { AppError, notFound, refused } from '../../platform/errors';
import { money } from '../../platform/money';
import type { DataAccess } from '../../repositories';
import type { CartService } from '../cart/cart.service';

/** The name as stored: trimmed, refused with the rule it breaks. */
function checkedName(value: string): string {
  const problem = savedListNameProblem(value);
  if (problem === 'required') throw new AppError(ResultCode.validation, 'savedListNameRequired');
  if (problem === 'too_long') {
    throw new AppError(ResultCode.validation, 'savedListNameTooLong', { max: MAX_SAVED_LIST_NAME });
  }
  return value.trim();
}

/** Two saves of one name at once: the unique index refuses the second (PostgreSQL 23505). */
const isUniqueViolation = (error: unknown): boolean => {
  const found = error as { code?: string; cause?: { code?: string } } | null;
  return found?.code === '23505' || found?.cause?.code === '23505';
};

/**
 * Saved part lists (issue 17 #15). Saving copies cart lines (product, store, quantity, remark);
 * adding a list to the cart goes through the cart service, so the cart's own rules (order
 * multiple, caps, merging with lines already there) apply as they do to any batch add, and its
 * stock messages show on the cart page as usual. Lines no longer sold are left out and named.
 */
export function createSavedListsService(deps: DataAccess & { cart: CartService }) {
  const { repos, transaction } = deps;

  async function summaryOf(companyId: number, id: number): Promise<SavedListSummary> {
    const row = await repos.savedLists.summary(companyId, id);
    if (!row) throw notFound();
    return row;
  }

  const guardUnique = async <T>(work: () => Promise<T>, name: string): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused('savedListNameTaken', { name });
      throw error;
    }
  };

  return {
    async lists(auth: AuthContext): Promise<{ list: SavedListSummary[] }> {
      return { list: await repos.savedLists.list(auth.companyId) };
    },

    async detail(auth: AuthContext, id: number, language: Language): Promise<SavedList> {
      const summary = await summaryOf(auth.companyId, id);
      const lines = await repos.savedLists.lines(id);
      const productIds = [...new Set(lines.map((line) => line.productId))];
      const products = new Map(
        (await repos.catalog.productRows(productIds, auth.companyId, language)).map((row) => [row.id, row]),
      );
      const active = new Map(
        (await repos.orderRecords.productAvailability(auth.accountId, productIds)).map((row) => [
          row.id,
          row,
        ]),
      );
      let currency = '';
      return {
        ...summary,
        lines: lines.map((line) => {
          const product = products.get(line.productId);
          currency ||= product?.currency ?? '';
          const stores = product?.stores ?? [];
          const store =
            line.storeId === null
              ? [...stores].sort((a, b) => b.available_stock - a.available_stock)[0]
              : stores.find((entry) => entry.store_id === line.storeId);
          return {
            seq: line.seq,
            cpid: line.productId,
            number: product?.number ?? '',
            part_name: product?.part_name ?? '',
            factory: product?.factory ?? '',
            unit: product?.unit ?? '',
            buy_qty: product?.buy_qty ?? 0,
            store_id: line.storeId,
            store_name: line.storeId === null ? '' : (store?.store_name ?? ''),
            qty: line.qty,
            price: money(product?.price ?? '0'),
            available_stock: store?.available_stock ?? 0,
            remark: line.remark,
            is_active: active.get(line.productId)?.is_active ?? false,
          };
        }),
        currency,
      };
    },

    async saveCart(auth: AuthContext, body: { name: string; ids?: number[] | undefined }) {
      const name = checkedName(body.name);
      const ids = body.ids && body.ids.length > 0 ? [...new Set(body.ids)] : undefined;
      return guardUnique(
        () =>
          transaction(async (tx) => {
            const lines = await tx.savedLists.cartLines(auth, ids);
            // Ticked lines gone meanwhile (or never the caller's): as SubmitCart, refresh first.
            if (ids && lines.length < ids.length)
              throw new AppError(ResultCode.notFound, 'submitItemsNotInCart');
            if (lines.length === 0) throw refused('savedListNothingToSave');
            if (lines.length > MAX_SAVED_LIST_LINES) {
              throw refused('savedListTooManyLines', { max: MAX_SAVED_LIST_LINES });
            }
            if ((await tx.savedLists.count(auth.companyId)) >= MAX_SAVED_LISTS) {
              throw refused('savedListTooMany', { max: MAX_SAVED_LISTS });
            }
            if (await tx.savedLists.nameTaken(auth.companyId, name))
              throw refused('savedListNameTaken', { name });
            const id = await tx.savedLists.insert(auth.companyId, auth.userId, name, lines);
            const summary = await tx.savedLists.summary(auth.companyId, id);
            return summary!;
          }),
        name,
      );
    },

    async rename(auth: AuthContext, body: { id: number; name: string }) {
      const name = checkedName(body.name);
      await summaryOf(auth.companyId, body.id);
      if (await repos.savedLists.nameTaken(auth.companyId, name, body.id)) {
        throw refused('savedListNameTaken', { name });
      }
      await guardUnique(() => repos.savedLists.rename(auth.companyId, body.id, name), name);
      return summaryOf(auth.companyId, body.id);
    },

    async remove(auth: AuthContext, id: number) {
      if (!(await repos.savedLists.remove(auth.companyId, id))) throw notFound();
      return { id };
    },

    /** Every line with its quantity into the caller's cart; the unsold ones reported (as BuyAgain does). */
    async addToCart(auth: AuthContext, id: number): Promise<BuyAgain> {
      await summaryOf(auth.companyId, id);
      const lines = await repos.savedLists.lines(id);
      const productIds = [...new Set(lines.map((line) => line.productId))];
      const products = new Map(
        (await repos.orderRecords.productAvailability(auth.accountId, productIds)).map((row) => [
          row.id,
          row,
        ]),
      );
      const numbers = new Map(
        (await repos.catalog.productRows(productIds, auth.companyId, 'en')).map((row) => [
          row.id,
          row.number,
        ]),
      );
      const stores = await repos.orderRecords.activeStores(auth.accountId, [
        ...new Set(lines.flatMap((line) => (line.storeId === null ? [] : [line.storeId]))),
      ]);
      const unavailable: BuyAgain['unavailable'] = [];
      const items: Array<{ cpid: number; store_id: number | null; qty: number; remark?: string }> = [];
      for (const line of lines) {
        const product = products.get(line.productId);
        const number = numbers.get(line.productId) ?? String(line.productId);
        if (!product) unavailable.push({ number, reason: 'not_found' });
        else if (!product.is_active) unavailable.push({ number, reason: 'inactive' });
        else if (product.buy_qty > 0 && line.qty % product.buy_qty !== 0) {
          unavailable.push({ number, reason: 'qty_not_multiple' });
        } else {
          items.push({
            cpid: line.productId,
            // A store closed since the list was saved: the best store at submit instead.
            store_id: line.storeId !== null && stores.has(line.storeId) ? line.storeId : null,
            qty: line.qty,
            ...(line.remark ? { remark: line.remark } : {}),
          });
        }
      }
      let carts: number | undefined;
      for (let start = 0; start < items.length; start += MAX_BATCH_LINES) {
        ({ carts } = await deps.cart.batchAddCart(auth, {
          items: items.slice(start, start + MAX_BATCH_LINES),
        }));
      }
      carts ??= (await deps.cart.cartKeys(auth)).length;
      return { added: items.length, carts, unavailable };
    },
  };
}

export type SavedListsService = ReturnType<typeof createSavedListsService>;
