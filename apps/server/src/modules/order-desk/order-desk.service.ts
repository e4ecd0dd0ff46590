import type { Language } from '@partsportal/contract/codes';
import {
  ORDER_ACTION_STATES,
  orderActionsFor,
  type ActionResult,
  type addLineRequestSchema,
  type DeskOrder,
  type OrderAction,
  type orderQueueRequestSchema,
  type OrderQueue,
  type removeLineRequestSchema,
  type ShipResult,
  type updateLineRequestSchema,
} from '@partsportal/contract/order-desk';
import type { OrderState } from '@partsportal/contract/orders';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { z } from 'zod';
import { notFound, refused } from '../../platform/errors';
import {
  noteColumns,
  noteIn,
  remarkColumns,
  type MessageKey,
  type SystemNote,
} from '../../platform/messages';
import { ExactDecimal, money } from '../../platform/money';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields, type AuditActor, type AuditRecord } from '../audit/audit.repository';
import { searchProducts } from '../catalog/catalog.service';
import type { ClosedTrade, OrderHead } from '../orders/orders.repository';
import { offsetOf } from '../records/records-query';
import { companyCreditPosition } from '../payments-desk/credit-position';
import { orderShippedEvent } from '../webhooks/webhook-events';

/** Who acts: a staff member at the back office or an API key of the ERP, always of one account. */
export interface DeskActor {
  accountId: number;
  audit: AuditActor;
}

/** A shipment as both callers describe it, in the service's terms. */
export interface ShipInput {
  storeId: number;
  carrierId?: number | undefined;
  /** The carrier as written when it has no id (the ERP's text, or typed by staff). */
  carrierName?: string | undefined;
  waybill: string;
  date?: Date | undefined;
  /** By line id, or by seq (the ERP knows the order feed's seq). */
  lines: ReadonlyArray<{ lineId?: number; seq?: number; qty: number }>;
}

/** What an action adds to its audit entry (the frame fills account, actor and entity). */
type AuditParts = Partial<Pick<AuditRecord, 'action' | 'changes' | 'details'>>;

const REFUSALS: Record<OrderAction, MessageKey> = {
  confirm: 'orderConfirmRefused',
  reject: 'orderRejectRefused',
  cancel: 'orderCancelRefused',
  hold: 'orderHoldRefused',
  release: 'orderReleaseRefused',
  edit: 'orderEditRefused',
  ship: 'orderShipRefused',
};

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
const docNo = (prefix: string, date: Date, id: number) =>
  `${prefix}${ymd(date)}${String(id).padStart(6, '0')}`;
const VAT_FACTOR = new ExactDecimal('1.13');

export function createOrderDeskService(
  deps: DataAccess & {
    now?: () => Date;
    /** Closes trades at their providers after the commit, so an old QR code cannot take money. */
    closeTrades?: (trades: ClosedTrade[]) => Promise<void>;
  },
) {
  const { repos, transaction } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The frame of every action: one transaction, the order row locked first (as every state
   * change of an order does, buyer's included — so two actions on one order run one after the
   * other and the second sees the first's state), the state checked against the action, then the
   * work; its audit entry commits with it or not at all.
   */
  async function act<T>(
    actor: DeskActor,
    orderId: number,
    action: OrderAction,
    work: (tx: Repositories, order: OrderHead) => Promise<{ result: T; audit: AuditParts }>,
  ): Promise<T> {
    return transaction(async (tx) => {
      const order = await tx.orderDesk.lock(actor.accountId, orderId);
      if (!order) throw notFound();
      if (!ORDER_ACTION_STATES[action].includes(order.state))
        throw refused(REFUSALS[action], { no: order.no });
      const { result, audit } = await work(tx, order);
      await tx.audit.record({
        accountId: actor.accountId,
        actor: actor.audit,
        action: `order.${action}`,
        entity: 'order',
        entityId: order.id,
        ...audit,
      });
      return result;
    });
  }

  /** Runs an action that may close payment requests; after its commit their trades close at the providers. */
  async function closingTrades<T>(action: (closed: ClosedTrade[]) => Promise<T>): Promise<T> {
    const closed: ClosedTrade[] = [];
    const result = await action(closed);
    await deps.closeTrades?.(closed);
    return result;
  }

  async function event(tx: Repositories, order: OrderHead, to: OrderState, note: SystemNote) {
    await tx.orders.addEvent({
      orderId: order.id,
      fromState: order.state,
      toState: to,
      userId: null,
      ...noteColumns(note),
    });
  }

  /**
   * Moves the order's state. The row lock taken by `act` already makes the condition hold; the
   * conditional update states it once more, and a miss would be a bug (another writer changing
   * orders.state without the lock), so it fails loudly instead of answering a business refusal.
   */
  async function move(tx: Repositories, order: OrderHead, to: OrderState, note: SystemNote) {
    if (!(await tx.orders.transition(order.companyId, order.id, order.state, to))) {
      throw new Error(`order ${order.id} left ${order.state} while locked`);
    }
    await event(tx, order, to, note);
  }

  /**
   * Keeps the ledger equal to the order while it changes: an order debited at payment (web
   * checkout) gets an adjustment of the difference; one that is not (ERP / seed orders, debited
   * per sales bill) gets none.
   */
  async function adjustLedger(tx: Repositories, order: OrderHead, before: ExactDecimal, key: MessageKey) {
    const balance = new ExactDecimal(await tx.orderDesk.orderBalance(order.companyId, order.no));
    if (balance.lessThanOrEqualTo(0)) return;
    const head = await tx.orders.find(order.companyId, order.id);
    const after = new ExactDecimal(head!.amount).plus(head!.freight);
    const difference = after.minus(before);
    if (difference.isZero()) return;
    await tx.payment.insertLedger([
      {
        companyId: order.companyId,
        date: now(),
        kind: 'adjustment',
        refNo: order.no,
        debit: difference.greaterThan(0) ? money(difference) : '0',
        credit: difference.lessThan(0) ? money(difference.negated()) : '0',
        currency: order.currency,
        ...remarkColumns({ key, params: { no: order.no } }),
      },
    ]);
  }

  /** Cancel and reject: stock back, payment requests closed, the order's debit reversed. */
  async function close(
    tx: Repositories,
    order: OrderHead,
    to: 'cancelled' | 'rejected',
    note: SystemNote,
    reason: string,
  ): Promise<ClosedTrade[]> {
    await move(tx, order, to, note);
    await tx.orders.releaseStock(order.id);
    const closed = await tx.orders.closePaymentRequests(order.id, 'cancelled');
    const balance = new ExactDecimal(await tx.orderDesk.orderBalance(order.companyId, order.no));
    if (balance.greaterThan(0)) {
      await tx.payment.insertLedger([
        {
          companyId: order.companyId,
          date: now(),
          kind: 'adjustment',
          refNo: order.no,
          debit: '0',
          credit: money(balance),
          currency: order.currency,
          ...remarkColumns({
            key: to === 'cancelled' ? 'ledgerOrderCancelled' : 'ledgerOrderRejected',
            params: { no: order.no },
          }),
        },
      ]);
    }
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
        state: to,
        reason,
        reversed: money(ExactDecimal.max(balance, 0)),
      },
    });
    return closed;
  }

  const stateChange = (order: OrderHead, to: OrderState) =>
    changedFields({ state: order.state }, { state: to });

  async function detail(
    actor: DeskActor,
    orderId: number,
    language: Language,
    bound: Repositories = repos,
  ): Promise<DeskOrder> {
    const desk = bound.orderDesk;
    const head = await desk.header(actor.accountId, orderId, language);
    if (!head) throw notFound();
    const [lines, events, shipments, credit] = await Promise.all([
      desk.lines(head.id, language),
      bound.orderRecords.events(head.id),
      desk.shipments(head.id, language),
      companyCreditPosition(bound, actor.accountId, head.company_id, { at: now() }),
    ]);
    // The payments desk's position: limit plus the owner's allowance in force, the ledger's balance.
    const limit = (credit?.limit ?? new ExactDecimal(0)).plus(credit?.allowance ?? 0);
    const debts = credit?.openBalance ?? new ExactDecimal(0);
    const { credit_limit: _limit, payment_days, ...header } = head;
    return {
      header: { ...header, amount: money(head.amount), freight: money(head.freight) },
      lines: lines.map((line) => ({
        ...line,
        id: Number(line.id),
        open_qty: line.qty - line.export_qty,
        price: money(line.price),
        sum: money(line.sum),
        store_name: line.store_name ?? '',
      })),
      events: events.map(({ note_key, note_params, ...entry }) => ({
        ...entry,
        note: noteIn({ note: entry.note, note_key, note_params }, language),
      })),
      credit: {
        currency: head.currency,
        limit: money(limit),
        debts: money(debts),
        available: money(limit.minus(debts)),
        payment_days,
      },
      shipments: shipments.map((shipment) => ({ ...shipment, amount: money(shipment.amount) })),
      actions: orderActionsFor(head.state),
    };
  }

  async function ship(
    actor: DeskActor,
    orderId: number,
    input: ShipInput,
    language: Language,
  ): Promise<ShipResult> {
    return act(actor, orderId, 'ship', async (tx, order) => {
      const desk = tx.orderDesk;
      const stores = await desk.activeStores(actor.accountId, language);
      const store = stores.find((entry) => entry.id === input.storeId);
      if (!store) throw refused('orderShipUnknownStore');
      let carrier: { id: number | null; name: string };
      if (input.carrierId !== undefined) {
        const found = await desk.carrier(actor.accountId, input.carrierId);
        if (!found) throw refused('orderShipNoCarrier');
        carrier = found;
      } else if (input.carrierName) {
        const found = await desk.carrierNamed(actor.accountId, input.carrierName);
        carrier = { id: found?.id ?? null, name: input.carrierName };
      } else throw refused('orderShipNoCarrier');

      const lines = await desk.actionLines(order.id);
      const seen = new Set<number>();
      const picked = input.lines.map((entry) => {
        const line = lines.find((l) =>
          entry.lineId !== undefined ? l.id === entry.lineId : l.seq === entry.seq,
        );
        const name = entry.lineId ?? entry.seq ?? 0;
        if (!line) throw refused('orderShipUnknownLine', { no: order.no, line: name });
        if (seen.has(line.id)) throw refused('orderShipDuplicateLine', { line: name });
        seen.add(line.id);
        const open = line.qty - line.export_qty;
        if (entry.qty > open)
          throw refused('orderShipTooMuch', { seq: line.seq, number: line.number, qty: entry.qty, open });
        return { line, qty: entry.qty };
      });
      // Stock rows in a fixed order (product, then store), as the checkout reserves them, so two
      // shipments never wait on each other's rows.
      picked.sort((a, b) => a.line.product_id - b.line.product_id || a.line.id - b.line.id);
      for (const { line, qty } of picked) {
        const reservedHere = line.store_id === store.id;
        if (!(await desk.takeStock(line.product_id, store.id, qty, reservedHere))) {
          const held = await desk.storeStock(actor.accountId, line.product_id, store.id);
          throw refused('orderShipNoStock', {
            seq: line.seq,
            number: line.number,
            qty,
            store: store.name,
            available: reservedHere ? held.stock : Math.min(held.stock, held.available),
          });
        }
        // Reserved in another store: that reservation is no longer needed for these pieces.
        if (!reservedHere && line.store_id !== null)
          await tx.orderLines.release(line.product_id, line.store_id, qty);
        await desk.addShipped(line.id, qty);
      }
      picked.sort((a, b) => a.line.seq - b.line.seq);
      const totals = await desk.recomputeShipped(order.id);
      const to: OrderState = totals.export_qty >= totals.total_qty ? 'delivered' : 'partially_delivered';

      const date = input.date ?? now();
      const { deliveryId, salesBillId } = await desk.nextIds();
      const deliveryNo = docNo('FH', date, deliveryId);
      const salesNo = docNo('XS', date, salesBillId);
      const snapshots = new Map((await desk.lineSnapshots(order.id)).map((row) => [Number(row.id), row]));
      let amount = new ExactDecimal(0);
      let qtySum = 0;
      const shipped = picked.map(({ line, qty }) => {
        const snapshot = snapshots.get(line.id)!;
        const sum = new ExactDecimal(snapshot.price).times(qty);
        amount = amount.plus(sum);
        qtySum += qty;
        return { line, qty, snapshot, sum: money(sum) };
      });
      const exportRate = money(
        new ExactDecimal(totals.export_qty).times(100).dividedBy(totals.total_qty || 1),
      );
      await desk.insertShipment(
        {
          id: deliveryId,
          accountId: order.accountId,
          companyId: order.companyId,
          no: deliveryNo,
          date,
          count: shipped.length,
          totalQty: qtySum,
          amount: money(amount),
          currency: order.currency,
          remark: order.no,
          logisticsName: carrier.name,
          logisticsNo: input.waybill,
          carrierId: carrier.id,
        },
        shipped.map(({ line, qty, snapshot, sum }) => ({
          deliveryId,
          orderLineId: line.id,
          orderId: order.id,
          productId: snapshot.productId,
          number: snapshot.number,
          partName: snapshot.partName,
          factory: snapshot.factory,
          qty,
          price: snapshot.price,
          sum,
        })),
        {
          id: salesBillId,
          accountId: order.accountId,
          companyId: order.companyId,
          no: salesNo,
          billDate: date,
          fromSystem: 'web',
          state: 'audited',
          currency: order.currency,
          amount: money(amount),
          totalQty: qtySum,
          exportRate,
          remark: order.no,
          cargoState: 'shipped',
          logisticsName: carrier.name,
          logisticsNo: input.waybill,
          carrierId: carrier.id,
          orderId: order.id,
          deliveryId,
        },
        shipped.map(({ qty, snapshot, sum }, index) => ({
          salesBillId,
          companyId: order.companyId,
          seq: index + 1,
          productId: snapshot.productId,
          number: snapshot.number,
          numberKey: snapshot.numberKey,
          partName: snapshot.partName,
          factory: snapshot.factory,
          unit: snapshot.unit,
          qty,
          exportQty: qty,
          price: snapshot.price,
          sum,
        })),
      );
      // An order that the ledger does not hold yet (ERP or seed orders) is debited per sales
      // bill, as the ERP does; a web order was debited in full when it was paid.
      const balance = new ExactDecimal(await desk.orderBalance(order.companyId, order.no));
      if (balance.lessThanOrEqualTo(0)) {
        await tx.payment.insertLedger([
          {
            companyId: order.companyId,
            date,
            kind: 'sale',
            refNo: salesNo,
            debit: money(amount),
            credit: '0',
            currency: order.currency,
            remark: order.no,
          },
        ]);
      }
      await move(tx, order, to, {
        key: 'orderEventShipped',
        params: { delivery: deliveryNo, qty: qtySum, carrier: carrier.name, waybill: input.waybill },
      });
      await tx.outbox.append(
        orderShippedEvent(order.accountId, {
          order_id: order.id,
          order_no: order.no,
          po_number: order.poNumber,
          company_id: order.companyId,
          state: to,
          delivery_no: deliveryNo,
          sales_bill_no: salesNo,
          store_id: store.id,
          carrier: carrier.name,
          waybill: input.waybill,
          shipped_at: date.toISOString(),
          lines: shipped.map(({ line, qty }) => ({ seq: line.seq, number: line.number, qty })),
        }),
      );
      return {
        result: {
          order_id: order.id,
          state: to,
          delivery_id: deliveryId,
          delivery_no: deliveryNo,
          sales_bill_id: salesBillId,
          sales_bill_no: salesNo,
        },
        audit: {
          changes: {
            ...stateChange(order, to),
            export_qty: { before: totals.export_qty - qtySum, after: totals.export_qty },
          },
          details: {
            delivery_no: deliveryNo,
            sales_bill_no: salesNo,
            store_id: store.id,
            carrier: carrier.name,
            waybill: input.waybill,
            lines: shipped.map(({ line, qty }) => ({ line_id: line.id, seq: line.seq, qty })),
          },
        },
      };
    });
  }

  return {
    async queue(actor: DeskActor, body: z.output<typeof orderQueueRequestSchema>): Promise<OrderQueue> {
      const partKey = body.partNumber ? normalizePartNumber(body.partNumber) : undefined;
      const filter = {
        accountId: actor.accountId,
        states: body.states,
        companyId: body.company_id,
        dateFrom: body.dateFrom === undefined ? undefined : new Date(body.dateFrom * 1000),
        dateTo: body.dateTo === undefined ? undefined : new Date(body.dateTo * 1000 + 999),
        no: body.no || undefined,
        po: body.po || undefined,
        partKey: partKey || undefined,
        amountMin: body.amountMin,
        amountMax: body.amountMax,
      };
      const counts = Object.fromEntries(
        (await repos.orderDesk.stateCounts(actor.accountId, body.company_id)).map((row) => [
          row.state,
          Number(row.n),
        ]),
      );
      // Typed something with no letter or digit: nothing can match.
      if (body.partNumber && !partKey) return { list: [], total: 0, counts };
      // Filtered by state and company only (the usual view): the total is the tabs' counts, read
      // from the summaries, instead of a count over every order of the account (≈0.5 s on the
      // 1M-line bench database under load; issue 15 item 6's bench).
      // Every other filter (a new one too: the PO number's was missed once) needs the count.
      const countsOnly = Object.entries(filter).every(
        ([key, value]) => ['accountId', 'states', 'companyId'].includes(key) || value === undefined,
      );
      const fromCounts = () =>
        Object.entries(counts)
          .filter(([state]) => !filter.states?.length || filter.states.includes(state as OrderState))
          .reduce((sum, [, n]) => sum + n, 0);
      const [list, total] = await Promise.all([
        repos.orderDesk.queuePage(filter, offsetOf(body.page, body.pageSize), body.pageSize),
        countsOnly ? fromCounts() : repos.orderDesk.queueCount(filter),
      ]);
      return {
        list: list.map((row) => ({ ...row, amount: money(row.amount), freight: money(row.freight) })),
        total,
        counts,
      };
    },

    detail: (actor: DeskActor, orderId: number, language: Language) => detail(actor, orderId, language),

    confirm: (actor: DeskActor, orderId: number, remark = ''): Promise<ActionResult> =>
      act(actor, orderId, 'confirm', async (tx, order) => {
        await move(
          tx,
          order,
          'confirmed',
          remark ? { key: 'orderEventConfirmedNote', params: { remark } } : { key: 'orderEventConfirmed' },
        );
        await tx.outbox.append({
          accountId: order.accountId,
          type: 'order.confirmed',
          entity: 'order',
          entityId: order.id,
          payload: {
            order_id: order.id,
            order_no: order.no,
            po_number: order.poNumber,
            company_id: order.companyId,
            state: 'confirmed',
            remark,
          },
        });
        return {
          result: { order_id: order.id, state: 'confirmed' },
          audit: { changes: stateChange(order, 'confirmed'), details: remark ? { remark } : {} },
        };
      }),

    reject: (actor: DeskActor, orderId: number, reason: string): Promise<ActionResult> =>
      closingTrades((closed) =>
        act(actor, orderId, 'reject', async (tx, order) => {
          closed.push(
            ...(await close(
              tx,
              order,
              'rejected',
              { key: 'orderEventRejected', params: { reason } },
              reason,
            )),
          );
          return {
            result: { order_id: order.id, state: 'rejected' },
            audit: { changes: stateChange(order, 'rejected'), details: { reason } },
          };
        }),
      ),

    cancel: (actor: DeskActor, orderId: number, reason = ''): Promise<ActionResult> =>
      closingTrades((closed) =>
        act(actor, orderId, 'cancel', async (tx, order) => {
          closed.push(
            ...(await close(
              tx,
              order,
              'cancelled',
              reason
                ? { key: 'orderEventCancelledBySellerReason', params: { reason } }
                : { key: 'orderEventCancelledBySeller' },
              reason,
            )),
          );
          return {
            result: { order_id: order.id, state: 'cancelled' },
            audit: { changes: stateChange(order, 'cancelled'), details: reason ? { reason } : {} },
          };
        }),
      ),

    hold: (actor: DeskActor, orderId: number, reason = ''): Promise<ActionResult> =>
      act(actor, orderId, 'hold', async (tx, order) => {
        await move(
          tx,
          order,
          'credit_hold',
          reason
            ? { key: 'orderEventCreditHoldReason', params: { reason } }
            : { key: 'orderEventCreditHold' },
        );
        return {
          result: { order_id: order.id, state: 'credit_hold' },
          audit: { changes: stateChange(order, 'credit_hold'), details: reason ? { reason } : {} },
        };
      }),

    release: (actor: DeskActor, orderId: number): Promise<ActionResult> =>
      act(actor, orderId, 'release', async (tx, order) => {
        await move(tx, order, 'submitted', { key: 'orderEventCreditReleased' });
        return {
          result: { order_id: order.id, state: 'submitted' },
          audit: { changes: stateChange(order, 'submitted') },
        };
      }),

    /** Quantity (stock follows) and/or price (with its reason) of a line before confirming. */
    updateLine: (actor: DeskActor, body: z.output<typeof updateLineRequestSchema>, language: Language) =>
      act(actor, body.id, 'edit', async (tx, order) => {
        const line = (await tx.orderDesk.actionLines(order.id)).find((l) => l.id === body.line_id);
        if (!line) throw notFound();
        const before = new ExactDecimal(order.amount).plus(order.freight);
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        if (body.qty !== undefined && body.qty !== line.qty) {
          if (line.buy_qty > 0 && body.qty % line.buy_qty !== 0)
            throw refused('orderModifyMultiple', { number: line.number, buy_qty: line.buy_qty });
          const difference = body.qty - line.qty;
          if (line.store_id !== null) {
            if (difference > 0) {
              if (!(await tx.orderLines.reserve(line.product_id, line.store_id, difference))) {
                const available = await tx.orderLines.available(line.product_id, line.store_id);
                throw refused('orderModifyStock', { number: line.number, available });
              }
            } else await tx.orderLines.release(line.product_id, line.store_id, -difference);
          }
          await tx.orderLines.setQty(line.id, body.qty);
          await event(tx, order, order.state, {
            key: 'orderEventLineQty',
            params: { seq: line.seq, number: line.number, from: line.qty, to: body.qty },
          });
          changes.qty = { before: line.qty, after: body.qty };
        }
        if (body.price !== undefined && !new ExactDecimal(body.price).equals(line.price)) {
          const reason = body.reason ?? '';
          await tx.orderDesk.setPrice(line.id, money(body.price), reason);
          await event(tx, order, order.state, {
            key: 'orderEventLinePrice',
            params: {
              seq: line.seq,
              number: line.number,
              from: money(line.price),
              to: money(body.price),
              reason,
            },
          });
          changes.price = { before: money(line.price), after: money(body.price) };
        }
        if (Object.keys(changes).length > 0) {
          await tx.orderLines.recomputeTotals(order.id);
          await adjustLedger(tx, order, before, 'ledgerOrderChanged');
        }
        return {
          result: await detail(actor, order.id, language, tx),
          audit: {
            action: 'order.update-line',
            changes,
            details: { line_id: line.id, seq: line.seq, number: line.number, reason: body.reason ?? '' },
          },
        };
      }),

    removeLine: (actor: DeskActor, body: z.output<typeof removeLineRequestSchema>, language: Language) =>
      act(actor, body.id, 'edit', async (tx, order) => {
        const lines = await tx.orderDesk.actionLines(order.id);
        const line = lines.find((l) => l.id === body.line_id);
        if (!line) throw notFound();
        if (lines.length <= 1) throw refused('orderDeleteLastLine', { no: order.no });
        const before = new ExactDecimal(order.amount).plus(order.freight);
        if (line.store_id !== null) await tx.orderLines.release(line.product_id, line.store_id, line.qty);
        await tx.orderLines.deleteLine(line.id);
        await tx.orderLines.recomputeTotals(order.id);
        await adjustLedger(tx, order, before, 'ledgerOrderChanged');
        await event(tx, order, order.state, {
          key: 'orderEventLineDeleted',
          params: { seq: line.seq, number: line.number, qty: line.qty },
        });
        return {
          result: await detail(actor, order.id, language, tx),
          audit: {
            action: 'order.remove-line',
            details: {
              line_id: line.id,
              seq: line.seq,
              number: line.number,
              qty: line.qty,
              reason: body.reason ?? '',
            },
          },
        };
      }),

    /** A part added at the company's price (or an override with its reason), stock reserved. */
    addLine: (actor: DeskActor, body: z.output<typeof addLineRequestSchema>, language: Language) =>
      act(actor, body.id, 'edit', async (tx, order) => {
        const active = await tx.checkout.activeProductIds(actor.accountId, [body.cpid]);
        const [product] = active.has(body.cpid)
          ? await tx.catalog.productRows([body.cpid], order.companyId, language)
          : [];
        if (!product) throw refused('orderPartNotFound');
        if (product.buy_qty > 0 && body.qty % product.buy_qty !== 0)
          throw refused('orderModifyMultiple', { number: product.number, buy_qty: product.buy_qty });
        const store =
          body.store_id === undefined
            ? [...product.stores].sort(
                (a, b) => b.available_stock - a.available_stock || a.store_id - b.store_id,
              )[0]
            : product.stores.find((entry) => entry.store_id === body.store_id);
        if (!store) throw refused('orderPartNoStore', { number: product.number });
        if (!(await tx.orderLines.reserve(product.id, store.store_id, body.qty))) {
          const available = await tx.orderLines.available(product.id, store.store_id);
          throw refused('orderModifyStock', { number: product.number, available });
        }
        const before = new ExactDecimal(order.amount).plus(order.freight);
        const price = new ExactDecimal(body.price ?? product.price ?? 0);
        const seq = await tx.orderDesk.nextSeq(order.id);
        const lineId = await tx.orderDesk.insertLine({
          orderId: order.id,
          companyId: order.companyId,
          seq,
          productId: product.id,
          storeId: store.store_id,
          number: product.number,
          numberKey: normalizePartNumber(product.number),
          partName: product.part_name,
          factory: product.factory,
          myNumber: product.my_number ?? '',
          unit: product.unit_as_written,
          makeNames: product.make_names ?? '',
          extendParam: product.extend_param ?? '',
          qty: body.qty,
          price: money(price),
          taxPrice: money(price.times(VAT_FACTOR)),
          sum: money(price.times(body.qty)),
          priceDesc: body.price === undefined ? '' : (body.reason ?? ''),
        });
        await tx.orderLines.recomputeTotals(order.id);
        await adjustLedger(tx, order, before, 'ledgerOrderChanged');
        await event(tx, order, order.state, {
          key: 'orderEventLineAdded',
          params: { seq, number: product.number, qty: body.qty },
        });
        return {
          result: await detail(actor, order.id, language, tx),
          audit: {
            action: 'order.add-line',
            details: {
              line_id: lineId,
              seq,
              number: product.number,
              qty: body.qty,
              price: money(price),
              store_id: store.store_id,
              reason: body.reason ?? '',
            },
          },
        };
      }),

    async findParts(actor: DeskActor, orderId: number, keyword: string, language: Language) {
      const order = await repos.orderDesk.header(actor.accountId, orderId, language);
      if (!order) throw notFound();
      const head = { companyId: order.company_id };
      const found = await searchProducts(repos.catalog, {
        companyId: head.companyId,
        keyword,
        filters: { accountId: actor.accountId },
        sort: 'relevance',
        order: 'asc',
        page: 1,
        pageSize: 10,
      });
      const rows = await repos.catalog.productRows(
        found.hits.map((hit) => hit.id),
        head.companyId,
        language,
      );
      const stocks = new Map(
        (
          await repos.orderDesk.productStores(
            rows.map((row) => row.id),
            language,
          )
        ).map((r) => [r.id, r.stores]),
      );
      return rows.map((row) => ({
        cpid: row.id,
        number: row.number,
        factory: row.factory,
        part_name: row.part_name,
        unit: row.unit,
        buy_qty: row.buy_qty,
        price: money(row.price ?? 0),
        stores: stocks.get(row.id) ?? [],
      }));
    },

    async shipOptions(actor: DeskActor, language: Language) {
      const [stores, carriers] = await Promise.all([
        repos.orderDesk.activeStores(actor.accountId, language),
        repos.orderDesk.carriers(actor.accountId, language),
      ]);
      return { stores, carriers };
    },

    ship,
  };
}

export type OrderDeskService = ReturnType<typeof createOrderDeskService>;
