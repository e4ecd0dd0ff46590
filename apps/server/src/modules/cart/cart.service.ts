import {
  MAX_LINE_QTY,
  type addCartRequestSchema,
  type batchAddCartRequestSchema,
} from '@partsportal/contract/cart';
import { ResultCode } from '@partsportal/contract/codes';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../platform/auth-context';
import { AppError } from '../../platform/errors';
import { createCartRepository, type CartLineInput } from './cart.repository';

type AddCartItem = z.output<typeof addCartRequestSchema>;
type BatchAddCartRequest = z.output<typeof batchAddCartRequestSchema>;

const lineKey = (productId: number, storeId: number | null) => `${productId}:${storeId ?? 0}`;

/**
 * One line per product and store: a statement may not touch the same cart row twice
 * (ON CONFLICT DO UPDATE refuses that), and the buyer means the sum anyway.
 */
function mergeLines(items: readonly AddCartItem[]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const item of items) {
    const storeId = item.store_id ?? null;
    const key = lineKey(item.cpid, storeId);
    const remark = item.remark?.trim() ?? '';
    const line = merged.get(key);
    if (line) {
      line.qty += item.qty;
      if (remark) line.remark = remark;
    } else {
      merged.set(key, { productId: item.cpid, storeId, qty: item.qty, remark });
    }
  }
  return [...merged.values()];
}

export function createCartService(deps: { database: Database }) {
  const { database } = deps;

  /** Everything in one transaction: either every line is added or none. */
  async function addItems(auth: AuthContext, items: readonly AddCartItem[]) {
    const lines = mergeLines(items);
    return database.transaction(async (tx) => {
      const repo = createCartRepository(tx);

      const productIds = [...new Set(lines.map((line) => line.productId))];
      const products = new Map(
        (await repo.findActiveProducts(auth.accountId, productIds)).map((product) => [product.id, product]),
      );
      const missingProducts = productIds.filter((id) => !products.has(id));
      if (missingProducts.length > 0) {
        throw new AppError(ResultCode.notFound, 'productsNotFound', { ids: missingProducts.join(', ') });
      }

      const storeIds = [...new Set(lines.flatMap((line) => (line.storeId === null ? [] : [line.storeId])))];
      if (storeIds.length > 0) {
        const found = new Set(await repo.findActiveStoreIds(auth.accountId, storeIds));
        const missingStores = storeIds.filter((id) => !found.has(id));
        if (missingStores.length > 0) {
          throw new AppError(ResultCode.notFound, 'storesNotFound', { ids: missingStores.join(', ') });
        }
      }

      for (const item of items) {
        const product = products.get(item.cpid);
        if (product && product.buyQty > 0 && item.qty % product.buyQty !== 0) {
          throw new AppError(ResultCode.refused, 'cartQtyNotMultiple', {
            number: product.number,
            buy_qty: product.buyQty,
          });
        }
      }

      const tooLarge = (line: CartLineInput) =>
        new AppError(ResultCode.refused, 'cartLineQtyTooLarge', {
          number: products.get(line.productId)?.number ?? String(line.productId),
          max: MAX_LINE_QTY,
        });
      const oversized = lines.find((line) => line.qty > MAX_LINE_QTY);
      if (oversized) throw tooLarge(oversized);

      const written = await repo.addLines(auth, lines, MAX_LINE_QTY);
      if (written.length < lines.length) {
        // A line whose sum with the cart would pass the cap was skipped; throwing rolls back the rest.
        const writtenKeys = new Set(written.map((row) => lineKey(row.productId, row.storeId)));
        const skipped = lines.find((line) => !writtenKeys.has(lineKey(line.productId, line.storeId)));
        if (skipped) throw tooLarge(skipped);
      }
      return { carts: await repo.countItems(auth.userId, auth.companyId) };
    });
  }

  return {
    addCart: (auth: AuthContext, body: AddCartItem) => addItems(auth, [body]),
    batchAddCart: (auth: AuthContext, body: BatchAddCartRequest) => addItems(auth, body.items),
  };
}

export type CartService = ReturnType<typeof createCartService>;
