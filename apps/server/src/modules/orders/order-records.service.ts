import { ResultCode, type Language } from '@partsportal/contract/codes';
import { MENU_CODES } from '@partsportal/contract/endpoint';
import {
  isOrderEditable,
  type BuyAgain,
  type deleteOrderLineRequestSchema,
  type OrderDetail,
  type OrderHeader,
  type OrderLine,
  type OrderLineRow,
  type orderLineListRequestSchema,
  type OrderList,
  type orderListRequestSchema,
  type updateOrderLineRequestSchema,
} from '@partsportal/contract/orders';
import { MAX_BATCH_LINES } from '@partsportal/contract/cart';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { AppError, notFound, refused } from '../../platform/errors';
import { noteColumns, noteIn, type SystemNote } from '../../platform/messages';
import { holdsPermission } from '../../platform/request-context';
import { money } from '../../platform/money';
import type { CartService } from '../cart/cart.service';
import type { DataAccess, Repositories } from '../../repositories';
import type { HeaderRow, LineRow } from './order-records.repository';
import { offsetOf } from '../records/records-query';
import type { OrderHead } from './orders.repository';

type OrderListRequest = z.output<typeof orderListRequestSchema>;
type LineListRequest = z.output<typeof orderLineListRequestSchema>;
type UpdateLineRequest = z.output<typeof updateOrderLineRequestSchema>;
type DeleteLineRequest = z.output<typeof deleteOrderLineRequestSchema>;

const header = (row: HeaderRow): OrderHeader => ({
  ...row,
  export_rate: money(row.export_rate),
  amount: money(row.amount),
  freight: money(row.freight),
});

const line = (row: LineRow): OrderLine => ({
  id: row.id,
  seq: row.seq,
  cpid: row.cpid,
  part_name: row.part_name,
  number: row.number,
  factory: row.factory,
  my_number: row.my_number,
  unit: row.unit,
  make_names: row.make_names,
  extend_param: row.extend_param,
  qty: row.qty,
  export_qty: row.export_qty,
  price: money(row.price),
  sum: money(row.sum),
  client_remark: row.client_remark,
  remark: row.remark,
  tax_price: money(row.tax_price),
  price_desc: row.price_desc,
});

/**
 * The part key of a filter, or null when the buyer typed something with no letter or digit
 * (then nothing can match, and the answer is an empty page rather than an unfiltered one).
 */
function partKeyOf(raw: string | undefined): string | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  const key = normalizePartNumber(raw);
  return key === '' ? null : key;
}

export function createOrderRecordsService(deps: DataAccess & { cart: CartService }) {
  const { repos, transaction } = deps;

  async function detail(
    auth: AuthContext,
    orderId: number,
    language: Language,
    bound: Repositories = repos,
  ): Promise<OrderDetail> {
    const repo = bound.orderRecords;
    const head = await repo.header(auth.companyId, orderId);
    if (!head) throw notFound();
    const [lines, events] = await Promise.all([
      repo.lines(auth.companyId, head.id, language),
      repo.events(head.id),
    ]);
    const editable = isOrderEditable(head.state);
    return {
      header: header(head),
      lines: lines.map(line),
      events: events.map(({ note_key, note_params, ...event }) => ({
        ...event,
        note: noteIn({ note: event.note, note_key, note_params }, language),
      })),
      can_edit: editable,
      can_delete_lines: editable && lines.length > 1,
    };
  }

  /**
   * Locks the order (so line edits of one order run one after another, and a payment or cancel
   * racing the edit waits), checks the state machine and finds the line; all in `tx`.
   */
  async function lockForEdit(tx: Repositories, auth: AuthContext, orderId: number) {
    const order = await tx.orders.lock(auth.companyId, orderId);
    if (!order) throw notFound();
    return order;
  }

  /** After a change of a pending order: its open QR codes were for the old amount, so they close. */
  async function afterChange(tx: Repositories, auth: AuthContext, order: OrderHead, note: SystemNote) {
    const { orders } = tx;
    await tx.orderLines.recomputeTotals(order.id);
    if (order.state === 'pending_payment') await orders.closePaymentRequests(order.id, 'superseded');
    // The event log is the order's audit trail; an edit keeps the state, so from = to.
    await orders.addEvent({
      orderId: order.id,
      fromState: order.state,
      toState: order.state,
      userId: auth.userId,
      ...noteColumns(note),
    });
  }

  return {
    async getOrderList(auth: AuthContext, body: OrderListRequest): Promise<OrderList> {
      const partKey = partKeyOf(body.partNumber);
      const empty = { list: [], total: 0, totals: { amount: '0.00', total_qty: 0 } };
      if (partKey === null) return empty;
      const filter = {
        companyId: auth.companyId,
        dateFrom: body.dateFrom,
        dateTo: body.dateTo,
        no: body.no || undefined,
        states: body.states,
        fromSystem: body.fromSystem || undefined,
        partKey,
      };
      // A list that may be a moment stale (decision 027); after the buyer's own submit it reads the primary.
      const repo = deps.readRepos.orderRecords;
      const [list, summary] = await Promise.all([
        repo.orderPage(filter, body.sort, body.order, body.pageSize, offsetOf(body.page, body.pageSize)),
        repo.orderSummary(filter),
      ]);
      return {
        list: list.map(header),
        total: summary.total,
        totals: { amount: money(summary.amount), total_qty: summary.totalQty },
      };
    },

    getOrderDetail: (auth: AuthContext, orderId: number, language: Language) =>
      detail(auth, orderId, language),

    async getOrderLineList(
      auth: AuthContext,
      body: LineListRequest,
      language: Language,
    ): Promise<{ list: OrderLineRow[]; total: number }> {
      const partKey = partKeyOf(body.partNumber);
      if (partKey === null) return { list: [], total: 0 };
      const filter = {
        companyId: auth.companyId,
        dateFrom: body.dateFrom,
        dateTo: body.dateTo,
        no: body.no || undefined,
        name: body.name || undefined,
        partKey,
        language,
      };
      const repo = deps.readRepos.orderRecords;
      const [rows, total] = await Promise.all([
        repo.linePage(
          filter,
          body.sort,
          body.order,
          body.pageSize,
          offsetOf(body.page, body.pageSize),
          language,
        ),
        repo.lineCount(filter),
      ]);
      return {
        total,
        list: rows.map((row) => ({
          ...line(row),
          order_id: row.order_id,
          order_no: row.order_no,
          bill_date: row.bill_date,
          state: row.state,
          currency: row.currency,
        })),
      };
    },

    /**
     * New quantity for a line of an editable order: the difference is reserved (conditional
     * UPDATE, refused when the store has not enough) or released, the line sum and the order's
     * totals are recomputed in SQL numeric — all in one transaction with the order locked.
     */
    async updateOrderLine(
      auth: AuthContext,
      body: UpdateLineRequest,
      language: Language,
    ): Promise<OrderDetail> {
      return transaction(async (tx) => {
        const order = await lockForEdit(tx, auth, body.order_id);
        const writer = tx.orderLines;
        const found = await writer.line(auth.companyId, order.id, body.line_id);
        if (!found) throw notFound();
        if (!isOrderEditable(order.state))
          throw refused('orderModifyState', { no: order.no, state: order.state });
        if (found.buy_qty > 0 && body.qty % found.buy_qty !== 0) {
          throw refused('orderModifyMultiple', { number: found.number, buy_qty: found.buy_qty });
        }
        const difference = body.qty - found.qty;
        if (difference !== 0) {
          // Lines without a store reserved nothing at checkout, so there is nothing to adjust.
          if (found.store_id !== null) {
            if (difference > 0) {
              if (!(await writer.reserve(found.product_id, found.store_id, difference))) {
                const available = await writer.available(found.product_id, found.store_id);
                throw refused('orderModifyStock', { number: found.number, available });
              }
            } else {
              await writer.release(found.product_id, found.store_id, -difference);
            }
          }
          await writer.setQty(found.id, body.qty);
          await afterChange(tx, auth, order, {
            key: 'orderEventLineQty',
            params: { seq: found.seq, number: found.number, from: found.qty, to: body.qty },
          });
        }
        return detail(auth, order.id, language, tx);
      });
    },

    /** Deletes a line of an editable order and gives its stock back; seq numbers stay as they were. */
    async deleteOrderLine(
      auth: AuthContext,
      body: DeleteLineRequest,
      language: Language,
    ): Promise<OrderDetail> {
      return transaction(async (tx) => {
        const order = await lockForEdit(tx, auth, body.order_id);
        const writer = tx.orderLines;
        const found = await writer.line(auth.companyId, order.id, body.line_id);
        if (!found) throw notFound();
        if (!isOrderEditable(order.state))
          throw refused('orderDeleteState', { no: order.no, state: order.state });
        if ((await writer.lineCount(order.id)) <= 1) throw refused('orderDeleteLastLine', { no: order.no });
        if (found.store_id !== null) await writer.release(found.product_id, found.store_id, found.qty);
        await writer.deleteLine(found.id);
        await afterChange(tx, auth, order, {
          key: 'orderEventLineDeleted',
          params: { seq: found.seq, number: found.number, qty: found.qty },
        });
        return detail(auth, order.id, language, tx);
      });
    },

    /**
     * The order's lines into the cart through the cart's own BatchAddCart (its checks, merging
     * and caps). Lines whose product is gone, deactivated or whose quantity is no longer a
     * multiple of buy_qty are reported instead: one of them must not block the others. A store
     * that closed since is dropped (the cart then picks the store with most stock at submit).
     */
    async buyAgain(auth: AuthContext, orderId: number): Promise<BuyAgain> {
      if (!holdsPermission(auth, [MENU_CODES.cart])) {
        throw new AppError(ResultCode.forbidden, 'buyAgainNeedsCart');
      }
      const repo = repos.orderRecords;
      const head = await repo.header(auth.companyId, orderId);
      if (!head) throw notFound();
      // Buy again answers numbers only, so any language does for the names.
      const lines = await repo.lines(auth.companyId, head.id, 'en');
      const products = new Map(
        (await repo.productAvailability(auth.accountId, [...new Set(lines.map((l) => l.cpid))])).map((p) => [
          p.id,
          p,
        ]),
      );
      const stores = await repo.activeStores(auth.accountId, [
        ...new Set(lines.flatMap((l) => (l.store_id === null ? [] : [l.store_id]))),
      ]);
      const unavailable: BuyAgain['unavailable'] = [];
      const items: Array<{ cpid: number; store_id: number | null; qty: number; remark?: string }> = [];
      for (const row of lines) {
        const product = products.get(row.cpid);
        if (!product) unavailable.push({ number: row.number, reason: 'not_found' });
        else if (!product.is_active) unavailable.push({ number: row.number, reason: 'inactive' });
        else if (product.buy_qty > 0 && row.qty % product.buy_qty !== 0) {
          unavailable.push({ number: row.number, reason: 'qty_not_multiple' });
        } else {
          items.push({
            cpid: row.cpid,
            store_id: row.store_id !== null && stores.has(row.store_id) ? row.store_id : null,
            qty: row.qty,
            ...(row.client_remark ? { remark: row.client_remark } : {}),
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

export type OrderRecordsService = ReturnType<typeof createOrderRecordsService>;
