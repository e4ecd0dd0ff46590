import {
  MAX_LINE_QTY,
  type addCartRequestSchema,
  type addProBodyByNumberRequestSchema,
  type batchAddCartRequestSchema,
  type CartLine,
  type CartList,
  type cartLinesByKeysRequestSchema,
  type removeCartRequestSchema,
  type updateCartRequestSchema,
} from '@partsportal/contract/cart';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { AppError, notFound, refused } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { DataAccess, Repositories } from '../../repositories';
import { productPictureUrl } from '../catalog/catalog.service';
import type { CartLineInput, CartRow } from './cart.repository';
import { createImportBillService } from './import-bill.service';
import { createPartMatchingService } from './part-matching.service';
import { numberReading } from './paste-parser';
import { createSpreadsheetReader, type ReaderLimits } from './spreadsheet-reader';

type AddCartItem = z.output<typeof addCartRequestSchema>;
type BatchAddCartRequest = z.output<typeof batchAddCartRequestSchema>;
type UpdateCartRequest = z.output<typeof updateCartRequestSchema>;
type RemoveCartRequest = z.output<typeof removeCartRequestSchema>;
type LinesByKeysRequest = z.output<typeof cartLinesByKeysRequestSchema>;
type AddByNumberRequest = z.output<typeof addProBodyByNumberRequestSchema>;
type ProductRow = Awaited<ReturnType<Repositories['catalog']['productRows']>>[number];

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

/**
 * A cart line as the cart page shows it: the company's price and stock NOW (not when it was
 * added), the sum computed here in decimals, and a status when the line cannot be bought as is.
 */
export function toCartLine(row: CartRow, product: ProductRow | undefined, language: Language): CartLine {
  const stores = product?.stores ?? [];
  const chosen =
    row.store_id === null
      ? stores.reduce<(typeof stores)[number] | undefined>(
          (best, store) => (!best || store.available_stock > best.available_stock ? store : best),
          undefined,
        )
      : stores.find((store) => store.store_id === row.store_id);
  const available = chosen?.available_stock ?? 0;
  const price = product?.price ?? '0.00';
  let status: CartLine['status'] = 'ok';
  let message = '';
  if (!product || !row.is_active) {
    status = 'unavailable';
    message = translate('cartLineUnavailable', language);
  } else if (row.qty > available) {
    status = 'insufficient_stock';
    message = translate('cartLineInsufficientStock', language, { available });
  }
  return {
    id: row.id,
    cpid: row.product_id,
    number: product?.number ?? '',
    part_name: product?.part_name ?? '',
    factory: product?.factory ?? '',
    pic: productPictureUrl(row.product_id),
    unit: product?.unit ?? '',
    buy_qty: product?.buy_qty ?? 0,
    store_id: row.store_id,
    // The catalogue's store list names stores in the reader's language (decision 011); the
    // joined name (as written) serves a store the product no longer lists.
    store_name: (row.store_id === null ? undefined : chosen?.store_name) ?? row.store_name ?? '',
    stores,
    available_stock: available,
    qty: row.qty,
    price,
    sum: status === 'unavailable' ? '0.00' : new Decimal(price).mul(row.qty).toFixed(2),
    remark: row.remark,
    status,
    message,
    updated_at: row.updated_at,
  };
}

export function createCartService(
  deps: DataAccess & {
    readerLimits?: ReaderLimits;
    /** Keep a spreadsheet worker started ahead of the next upload (the serving instance does). */
    warmImportWorker?: boolean;
  },
) {
  const { repos, transaction } = deps;
  const matching = createPartMatchingService({ repos });
  const reader = createSpreadsheetReader(deps.readerLimits);
  if (deps.warmImportWorker) reader.warm();
  const imports = createImportBillService({ matching, reader });

  /**
   * Everything in one transaction: either every line is added or none. One line needs none: its
   * checks only read, and the one insert statement is atomic by itself — AddCart then holds no
   * pooled connection across five round trips (BEGIN … COMMIT), which is what queued it at 50
   * connections (docs/PERFORMANCE.md).
   */
  async function addItems(auth: AuthContext, items: readonly AddCartItem[]) {
    const lines = mergeLines(items);
    const run = <T>(work: (bound: Repositories) => Promise<T>) =>
      lines.length === 1 ? work(repos) : transaction(work);
    return run(async (bound) => {
      const repo = bound.cart;

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

  async function hydrate(auth: AuthContext, rows: readonly CartRow[], language: Language) {
    const products = new Map(
      (
        await repos.catalog.productRows(
          [...new Set(rows.map((row) => row.product_id))],
          auth.companyId,
          language,
        )
      ).map((product) => [product.id, product]),
    );
    return rows.map((row) => toCartLine(row, products.get(row.product_id), language));
  }

  async function cartList(auth: AuthContext, n: number, language: Language): Promise<CartList> {
    const { rows, count, currency } = await repos.cart.listPage(auth, n > 0 ? n : null);
    const list = await hydrate(auth, rows, language);
    const counted = list.filter((line) => line.status !== 'unavailable');
    return {
      list,
      count,
      total_qty: counted.reduce((sum, line) => sum + line.qty, 0),
      total_amount: counted.reduce((sum, line) => sum.add(line.sum), new Decimal(0)).toFixed(2),
      currency,
    };
  }

  async function updateCart(auth: AuthContext, body: UpdateCartRequest, language: Language) {
    // Quantity/remark edits (the common case, and all the bench does) are one statement; a store
    // move may merge two lines and needs the transaction below, as does naming why an edit fails.
    const inPlace = await repos.cart.updateLineInPlace(
      auth,
      body.id,
      {
        qty: body.qty ?? null,
        ...(body.store_id === undefined ? {} : { storeId: body.store_id }),
        remark: body.remark === undefined ? null : body.remark.trim(),
      },
      MAX_LINE_QTY,
    );
    if (inPlace) {
      const [line] = await hydrate(auth, [inPlace.row], language);
      return { carts: inPlace.count, line: line! };
    }
    const id = await transaction(async (bound) => {
      const repo = bound.cart;
      const line = await repo.lineById(auth, body.id);
      if (!line) throw notFound();
      const [product] = await repo.findActiveProducts(auth.accountId, [line.product_id]);
      if (!product) {
        throw new AppError(ResultCode.notFound, 'productsNotFound', { ids: String(line.product_id) });
      }
      const qty = body.qty ?? line.qty;
      const storeId = body.store_id === undefined ? line.store_id : body.store_id;
      if (product.buyQty > 0 && qty % product.buyQty !== 0) {
        throw refused('cartQtyNotMultiple', { number: product.number, buy_qty: product.buyQty });
      }
      if (storeId !== null && storeId !== line.store_id) {
        if (!(await repo.storeCarries(auth.accountId, storeId, product.id))) {
          throw refused('cartStoreWithoutProduct', { store: storeId, number: product.number });
        }
      }
      const survivor = await repo.updateLine(auth, line.id, {
        qty,
        storeId,
        remark: (body.remark ?? line.remark).trim(),
      });
      const merged = await repo.lineById(auth, survivor);
      if (merged && merged.qty > MAX_LINE_QTY) {
        throw refused('cartLineQtyTooLarge', { number: product.number, max: MAX_LINE_QTY });
      }
      return survivor;
    });
    const row = await repos.cart.lineById(auth, id);
    if (!row) throw notFound();
    const [line] = await hydrate(auth, [row], language);
    return { carts: await repos.cart.countItems(auth.userId, auth.companyId), line: line! };
  }

  async function addByNumber(auth: AuthContext, body: AddByNumberRequest, language: Language) {
    const [resolved] = await matching.resolve(auth, [
      {
        line: 1,
        interpretations: [numberReading(body.number, null)],
        fallback: 0,
      },
    ]);
    if (!resolved || resolved.status === 'not_found') {
      throw new AppError(ResultCode.notFound, 'productNotFoundByNumber');
    }
    const ids = resolved.productId === null ? resolved.candidateIds : [resolved.productId];
    const products = await matching.matchProducts(auth, ids, language);
    if (resolved.productId === null) {
      return {
        added: false,
        carts: await repos.cart.countItems(auth.userId, auth.companyId),
        product: null,
        candidates: ids.flatMap((id) => products.get(id) ?? []),
      };
    }
    const product = products.get(resolved.productId) ?? null;
    const defaultQty = product && product.buy_qty > 0 ? product.buy_qty : 1;
    const { carts } = await addItems(auth, [
      {
        cpid: resolved.productId,
        store_id: body.store_id ?? null,
        qty: body.qty ?? defaultQty,
        ...(body.remark === undefined ? {} : { remark: body.remark }),
      },
    ]);
    return { added: true, carts, product, candidates: [] };
  }

  return {
    addCart: (auth: AuthContext, body: AddCartItem) => addItems(auth, [body]),
    batchAddCart: (auth: AuthContext, body: BatchAddCartRequest) => addItems(auth, body.items),
    cartList,
    updateCart,
    async removeCart(auth: AuthContext, body: RemoveCartRequest) {
      if (body.ids.length === 0) throw refused('cartRemoveNothingChecked');
      // Ids of other users' lines simply match nothing: the delete is scoped by the session.
      await repos.cart.removeLines(auth, body.ids);
      return { carts: await repos.cart.countItems(auth.userId, auth.companyId) };
    },
    async clearCart(auth: AuthContext) {
      await repos.cart.clear(auth);
      return { carts: 0 };
    },
    cartKeys: (auth: AuthContext) => repos.cart.keys(auth),
    async linesByKeys(auth: AuthContext, body: LinesByKeysRequest, language: Language) {
      return hydrate(auth, await repos.cart.linesByKeys(auth, body.items), language);
    },
    addByNumber,
    matchText: (auth: AuthContext, text: string, language: Language) =>
      matching.matchText(auth, text, language),
    importBill: imports.importBill,
    importTemplate: imports.template,
    /** Stops the spreadsheet workers (server shutdown). */
    close: () => reader.close(),
  };
}

export type CartService = ReturnType<typeof createCartService>;
