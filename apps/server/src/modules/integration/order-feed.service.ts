import type { orderChangesQuerySchema, orderChangesSchema } from '@partsportal/contract/integration';
import type { z } from 'zod';
import type { Repositories } from '../../repositories';

const ORDER_EVENTS = [
  'order.submitted',
  'order.paid',
  'order.confirmed',
  'order.cancelled',
  'order.shipped',
] as const;

/** The order feed of /api/v1 (issue 13 item 4), read from the outbox in commit order. */
export function createOrderFeedService(deps: { repos: Repositories }) {
  const { repos } = deps;
  return {
    async changes(
      accountId: number,
      query: z.output<typeof orderChangesQuerySchema>,
    ): Promise<z.input<typeof orderChangesSchema>> {
      const after =
        query.after !== undefined
          ? Number(query.after)
          : query.updated_since
            ? await repos.outbox.cursorBefore(accountId, new Date(query.updated_since))
            : 0;
      // One more than asked tells whether more are waiting.
      const events = await repos.outbox.after(accountId, after, query.limit + 1, ORDER_EVENTS);
      const page = events.slice(0, query.limit);
      const ids = [...new Set(page.map((event) => Number(event.entityId)))];
      const { heads, lines } = await repos.outbox.orders(accountId, ids);
      const orders = new Map(
        heads.map((head) => [
          head.id,
          {
            id: head.id,
            no: head.no,
            state: head.state,
            company_id: head.companyId,
            company_name: head.companyName,
            currency: head.currency,
            amount: head.amount,
            freight: head.freight,
            total_qty: head.totalQty,
            remark: head.remark,
            po_number: head.poNumber,
            backorder: head.backorder,
            consignee: head.consignee,
            destination: head.destination,
            phone: head.phone,
            bill_date: head.billDate.toISOString(),
            paid_at: head.paidAt?.toISOString() ?? null,
            lines: lines
              .filter((line) => line.orderId === head.id)
              .map((line) => ({
                seq: line.seq,
                number: line.number,
                brand: line.brand,
                part_name: line.partName,
                qty: line.qty,
                shipped_qty: line.shippedQty,
                price: line.price,
                sum: line.sum,
              })),
          },
        ]),
      );
      return {
        changes: page.map((event) => ({
          cursor: String(event.id),
          event_id: event.eventId,
          type: event.type as (typeof ORDER_EVENTS)[number],
          occurred_at: event.createdAt.toISOString(),
          data: event.payload,
          order: orders.get(Number(event.entityId)) ?? null,
        })),
        next_cursor: String(page.at(-1)?.id ?? after),
        has_more: events.length > query.limit,
      };
    },
  };
}
