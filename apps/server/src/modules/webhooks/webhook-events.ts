import { WEBHOOK_PING } from '@partsportal/contract/webhooks';
import type { OutboxEvent } from '../integration/outbox.repository';

/**
 * The outbox events webhooks carry that are written outside the order services that already
 * append theirs (order.submitted / paid / cancelled). Each is appended with
 * `tx.outbox.append(…)` as the last write of the transaction that makes the change.
 */

export const ORDER_SHIPPED = 'order.shipped' as const;

/** What an `order.shipped` event carries (snake_case like the other order events); the order desk fills it. */
export interface OrderShippedPayload {
  order_id: number;
  order_no: string;
  /** The buyer's order reference ('' = none). */
  po_number: string;
  company_id: number;
  /** The order's state after this shipment (shipped, or still partly open). */
  state: string;
  delivery_no: string;
  sales_bill_no: string;
  store_id: number;
  carrier: string;
  waybill: string;
  /** ISO 8601. */
  shipped_at: string;
  lines: Array<{ seq: number; number: string; qty: number }>;
}

/** For the order desk: `await tx.outbox.append(orderShippedEvent(accountId, payload))` in the shipping transaction. */
export const orderShippedEvent = (accountId: number, payload: OrderShippedPayload): OutboxEvent => ({
  accountId,
  type: ORDER_SHIPPED,
  entity: 'order',
  entityId: payload.order_id,
  payload: { ...payload },
});

export interface ImportFinishedPayload {
  import_id: number;
  kind: string;
  mode: string;
  filename: string;
  rows: number;
  counts: { created: number; updated: number; unchanged: number; error: number };
  deactivated: number;
}

export const importFinishedEvent = (accountId: number, payload: ImportFinishedPayload): OutboxEvent => ({
  accountId,
  type: 'import.finished',
  entity: 'import',
  entityId: payload.import_id,
  payload: { ...payload },
});

/** A test event for one endpoint (entity `webhook_endpoint`): the dispatcher sends it there only. */
export const pingEvent = (accountId: number, endpointId: number): OutboxEvent => ({
  accountId,
  type: WEBHOOK_PING as OutboxEvent['type'],
  entity: 'webhook_endpoint',
  entityId: endpointId,
  payload: { endpoint_id: endpointId, message: 'PartsPortal webhook test' },
});
