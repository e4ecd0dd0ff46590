import type { Language } from '@partsportal/contract/codes';
import type { pagingSchema } from '@partsportal/contract/common';
import type { OrderState, PendingOrder } from '@partsportal/contract/orders';
import type { z } from 'zod';
import type { DataAccess } from '../../repositories';
import type { AuthContext } from '../../platform/auth-context';
import { notFound, refused } from '../../platform/errors';
import { noteColumns, type SystemNote } from '../../platform/messages';
import { money, ExactDecimal } from '../../platform/money';
import type { CartService } from '../cart/cart.service';
import { createOrderRecordsService } from './order-records.service';
import type { ClosedTrade, OrderHead } from './orders.repository';

type Paging = z.output<typeof pagingSchema>;

export function createOrdersService(
  deps: DataAccess & {
    cart: CartService;
    /** Closes trades at their providers after the commit, so an old QR code cannot take money. */
    closeTrades?: (trades: ClosedTrade[]) => Promise<void>;
  },
) {
  const { repos, transaction } = deps;

  const notPending = (order: OrderHead) => refused('orderNotPending', { no: order.no, state: order.state });

  /** pending_payment → cancelled with stock released, open QR codes closed and an event, in one transaction. */
  async function cancel(auth: AuthContext, orderId: number, note: SystemNote) {
    let closed: ClosedTrade[] = [];
    const result = await transaction(async (tx) => {
      const { orders } = tx;
      const order = await orders.lock(auth.companyId, orderId);
      if (!order) throw notFound();
      if (!(await orders.transition(auth.companyId, order.id, 'pending_payment', 'cancelled')))
        throw notPending(order);
      await orders.releaseStock(order.id);
      closed = await orders.closePaymentRequests(order.id, 'cancelled');
      await orders.addEvent({
        orderId: order.id,
        fromState: 'pending_payment',
        toState: 'cancelled',
        userId: auth.userId,
        ...noteColumns(note),
      });
      await tx.outbox.append({
        accountId: order.accountId,
        type: 'order.cancelled',
        entity: 'order',
        entityId: order.id,
        payload: {
          order_id: order.id,
          order_no: order.no,
          po_number: order.poNumber,
          company_id: order.companyId,
          state: 'cancelled',
          note,
        },
      });
      return { order_id: order.id, state: 'cancelled' as OrderState };
    });
    await deps.closeTrades?.(closed);
    return result;
  }

  return {
    // The records calls (lists, detail, line edits, buy again) live in their own service file.
    ...createOrderRecordsService(deps),
    async getPendingOrders(
      auth: AuthContext,
      paging: Paging,
      language: Language,
    ): Promise<{ list: PendingOrder[]; total: number }> {
      const page = await repos.orders.pendingPage(auth.companyId, paging.page, paging.pageSize, language);
      return {
        total: page.total,
        list: page.list.map((row) => ({
          id: row.id,
          no: row.no,
          bill_date: row.billDate,
          state: row.state,
          currency: row.currency,
          goods_amount: money(row.amount),
          freight: money(row.freight),
          total_amount: money(new ExactDecimal(row.amount).plus(row.freight)),
          total_qty: row.totalQty,
          line_count: row.lineCount,
          consignee: row.consignee,
          destination: row.destination,
          remark: row.remark,
          po_number: row.poNumber,
        })),
      };
    },

    cancelOrder: (auth: AuthContext, orderId: number) =>
      cancel(auth, orderId, { key: 'orderEventCancelledByBuyer' }),

    /**
     * The lines go back into the cart first (the cart's own batch add, with its checks), then
     * the order is cancelled. In that order a refusal of the cart (a product gone, a line over
     * the cap) leaves the order as it was; if the order stopped being pending in between (paid
     * on another tab), the cancel refuses and the lines stay in the cart, where they are harmless.
     */
    async reSubmitCartForWeb(auth: AuthContext, orderId: number) {
      const { orders } = repos;
      const order = await orders.find(auth.companyId, orderId);
      if (!order) throw notFound();
      if (order.state !== 'pending_payment') throw notPending(order);
      const lines = await orders.lines(order.id);
      const { carts } = await deps.cart.batchAddCart(auth, {
        items: lines.map((line) => ({
          cpid: line.productId,
          store_id: line.storeId,
          qty: line.qty,
          ...(line.clientRemark ? { remark: line.clientRemark } : {}),
        })),
      });
      const cancelled = await cancel(auth, order.id, { key: 'orderEventMovedToCart' });
      return { ...cancelled, carts };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
