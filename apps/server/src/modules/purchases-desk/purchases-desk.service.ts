import type { Language } from '@partsportal/contract/codes';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import {
  PURCHASE_ACTION_STATES,
  purchaseActionsFor,
  type createPurchaseRequestSchema,
  type DeskPurchase,
  type PurchaseAction,
  type PurchaseActionResult,
  type purchaseDeskListRequestSchema,
  type PurchaseDeskList,
  type PurchaseLineInput,
  type receivePurchaseRequestSchema,
  type updatePurchaseRequestSchema,
} from '@partsportal/contract/purchases-desk';
import type { PurchaseState } from '@partsportal/contract/records';
import type { z } from 'zod';
import { notFound, refused } from '../../platform/errors';
import type { MessageKey } from '../../platform/messages';
import { ExactDecimal, money } from '../../platform/money';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields, type AuditActor, type AuditRecord } from '../audit/audit.repository';
import { offsetOf } from '../records/records-query';
import type { NewPurchaseLine, PurchaseHead } from './purchases-desk.repository';

/** Who acts: a staff member of one account, named on the purchases they write. */
export interface PurchaseActor {
  accountId: number;
  /** The purchaser's name as the supplier sees it (spec sales_man_name). */
  name: string;
  audit: AuditActor;
}

type AuditParts = Partial<Pick<AuditRecord, 'action' | 'changes' | 'details'>>;

const REFUSALS: Record<PurchaseAction, MessageKey> = {
  edit: 'purchaseEditRefused',
  order: 'purchaseOrderRefused',
  receive: 'purchaseReceiveRefused',
  cancel: 'purchaseCancelRefused',
};

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
/** CG + date + id, as the seed numbers purchases (采购, "purchase"). */
const purchaseNo = (date: Date, id: number) => `CG${ymd(date)}${String(id).padStart(6, '0')}`;
const fromSeconds = (seconds: number | null | undefined) =>
  seconds === undefined || seconds === null ? null : new Date(seconds * 1000);

export function createPurchasesDeskService(deps: DataAccess & { now?: () => Date }) {
  const { repos, transaction } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The frame of every action on an existing purchase: one transaction, the purchase row locked
   * first (so two actions on one purchase run one after the other and the second sees the first's
   * state and quantities), the state checked, the work, one audit entry committed with it.
   */
  async function act(
    actor: PurchaseActor,
    id: number,
    action: PurchaseAction,
    work: (tx: Repositories, head: PurchaseHead) => Promise<{ state: PurchaseState; audit: AuditParts }>,
  ): Promise<PurchaseActionResult> {
    return transaction(async (tx) => {
      const head = await tx.purchasesDesk.lock(actor.accountId, id);
      if (!head) throw notFound();
      if (!PURCHASE_ACTION_STATES[action].includes(head.state))
        throw refused(REFUSALS[action], { no: head.no });
      const { state, audit } = await work(tx, head);
      await tx.audit.record({
        accountId: actor.accountId,
        actor: actor.audit,
        action: `purchase.${action}`,
        entity: 'purchase',
        entityId: head.id,
        ...audit,
      });
      return { id: head.id, no: head.no, state };
    });
  }

  async function move(tx: Repositories, head: PurchaseHead, to: PurchaseState) {
    // The row lock makes this hold; a miss would be a writer that skipped the lock — a bug.
    if (!(await tx.purchasesDesk.transition(head.id, head.state, to)))
      throw new Error(`purchase ${head.id} left ${head.state} while locked`);
  }

  /** Lines from the caller's parts: snapshots of the products, sums in decimal, amount. */
  async function buildLines(
    tx: Repositories,
    accountId: number,
    purchaseId: number,
    supplierId: number,
    input: readonly PurchaseLineInput[],
  ) {
    const seen = new Set<number>();
    for (const line of input) {
      if (seen.has(line.cpid)) throw refused('purchaseDuplicatePart', { cpid: line.cpid });
      seen.add(line.cpid);
    }
    const snapshots = new Map(
      (
        await tx.purchasesDesk.productSnapshots(
          accountId,
          input.map((line) => line.cpid),
        )
      ).map((row) => [row.id, row]),
    );
    let amount = new ExactDecimal(0);
    const rows: NewPurchaseLine[] = input.map((line, index) => {
      const product = snapshots.get(line.cpid);
      if (!product) throw refused('purchasePartNotFound', { cpid: line.cpid });
      const sum = new ExactDecimal(line.price).times(line.qty);
      amount = amount.plus(sum);
      return {
        purchaseId,
        supplierCompanyId: supplierId,
        seq: index + 1,
        productId: product.id,
        number: product.number,
        numberKey: product.number_key,
        partName: product.part_name,
        factory: product.factory,
        unit: product.unit,
        qty: line.qty,
        receivedQty: 0,
        price: money(line.price),
        lastPrice: product.last_price === null ? null : money(product.last_price),
        sum: money(sum),
        storeQty: product.store_qty,
        remark: line.remark ?? '',
      };
    });
    return { rows, amount: money(amount) };
  }

  const lineSummary = (rows: readonly NewPurchaseLine[]) =>
    rows.map((row) => ({ cpid: row.productId, number: row.number, qty: row.qty, price: row.price }));

  return {
    async list(
      actor: PurchaseActor,
      body: z.output<typeof purchaseDeskListRequestSchema>,
    ): Promise<PurchaseDeskList> {
      const filter = {
        accountId: actor.accountId,
        state: body.state,
        supplierId: body.supplier_id,
        no: body.no || undefined,
        dateFrom: body.dateFrom === undefined ? undefined : new Date(body.dateFrom * 1000),
        dateTo: body.dateTo === undefined ? undefined : new Date(body.dateTo * 1000 + 999),
      };
      const [list, total, counts] = await Promise.all([
        repos.purchasesDesk.page(filter, offsetOf(body.page, body.pageSize), body.pageSize),
        repos.purchasesDesk.count(filter),
        repos.purchasesDesk.stateCounts(filter),
      ]);
      return {
        list: list.map((row) => ({ ...row, amount: money(row.amount) })),
        total,
        counts: Object.fromEntries(counts.map((row) => [row.state, Number(row.n)])),
      };
    },

    async detail(actor: PurchaseActor, id: number, language: Language): Promise<DeskPurchase> {
      const head = await repos.purchasesDesk.header(actor.accountId, id);
      if (!head) throw notFound();
      const lines = await repos.purchasesDesk.lines(head.id, language);
      return {
        header: { ...head, amount: money(head.amount) },
        lines: lines.map((line) => ({
          ...line,
          id: Number(line.id),
          open_qty: line.qty - line.received_qty,
          price: money(line.price),
          last_price: line.last_price === null ? null : money(line.last_price),
          sum: money(line.sum),
        })),
        actions: purchaseActionsFor(head.state),
      };
    },

    async options(actor: PurchaseActor, language: Language) {
      const [suppliers, stores] = await Promise.all([
        repos.purchasesDesk.suppliers(actor.accountId),
        repos.purchasesDesk.activeStores(actor.accountId, language),
      ]);
      return { suppliers, stores };
    },

    async findParts(actor: PurchaseActor, keyword: string, language: Language) {
      const key = normalizePartNumber(keyword);
      const words = /\p{L}/u.test(keyword) ? keyword.toLowerCase() : '';
      const rows = await repos.purchasesDesk.findParts(actor.accountId, key, words, language);
      return rows.map((row) => ({
        ...row,
        last_price: row.last_price === null ? null : money(row.last_price),
      }));
    },

    /** A new draft to a supplier company of the account. */
    async create(
      actor: PurchaseActor,
      body: z.output<typeof createPurchaseRequestSchema>,
    ): Promise<PurchaseActionResult> {
      return transaction(async (tx) => {
        const supplier = await tx.purchasesDesk.supplier(actor.accountId, body.supplier_id);
        if (!supplier) throw refused('purchaseSupplierUnknown');
        if (!supplier.isSupplier || !supplier.isActive) throw refused('purchaseNotASupplier');
        const id = await tx.purchasesDesk.nextId();
        const date = now();
        const no = purchaseNo(date, id);
        const { rows, amount } = await buildLines(tx, actor.accountId, id, supplier.id, body.lines);
        await tx.purchasesDesk.insertPurchase({
          id,
          accountId: actor.accountId,
          supplierCompanyId: supplier.id,
          no,
          billDate: date,
          state: 'draft',
          currency: supplier.currency,
          amount,
          salesManName: actor.name,
          requireDate: fromSeconds(body.require_date),
          remark: body.remark ?? '',
        });
        await tx.purchasesDesk.insertLines(rows);
        await tx.audit.record({
          accountId: actor.accountId,
          actor: actor.audit,
          action: 'purchase.create',
          entity: 'purchase',
          entityId: id,
          changes: changedFields({}, { state: 'draft', amount }),
          details: { no, supplier_id: supplier.id, lines: lineSummary(rows) },
        });
        return { id, no, state: 'draft' as const };
      });
    },

    /** A draft's lines replaced whole (simplest to reason about: the form sends what it shows). */
    update: (actor: PurchaseActor, body: z.output<typeof updatePurchaseRequestSchema>) =>
      act(actor, body.id, 'edit', async (tx, head) => {
        const { rows, amount } = await buildLines(
          tx,
          actor.accountId,
          head.id,
          head.supplierCompanyId,
          body.lines,
        );
        const requireDate =
          body.require_date === undefined ? head.requireDate : fromSeconds(body.require_date);
        const remark = body.remark ?? head.remark;
        await tx.purchasesDesk.deleteLines(head.id);
        await tx.purchasesDesk.insertLines(rows);
        await tx.purchasesDesk.updateHead(head.id, { amount, requireDate, remark });
        return {
          state: head.state,
          audit: {
            action: 'purchase.update',
            changes: changedFields(
              {
                amount: money(head.amount),
                remark: head.remark,
                require_date: head.requireDate?.toISOString() ?? null,
              },
              { amount, remark, require_date: requireDate?.toISOString() ?? null },
            ),
            details: { lines: lineSummary(rows) },
          },
        };
      }),

    order: (actor: PurchaseActor, id: number) =>
      act(actor, id, 'order', async (tx, head) => {
        await move(tx, head, 'ordered');
        return {
          state: 'ordered',
          audit: { changes: changedFields({ state: head.state }, { state: 'ordered' }) },
        };
      }),

    cancel: (actor: PurchaseActor, id: number, reason = '') =>
      act(actor, id, 'cancel', async (tx, head) => {
        await move(tx, head, 'cancelled');
        return {
          state: 'cancelled',
          audit: {
            changes: changedFields({ state: head.state }, { state: 'cancelled' }),
            details: reason ? { reason } : {},
          },
        };
      }),

    /**
     * Goods in: each line's received quantity rises (never past what was ordered) and the store's
     * stock with it, in one transaction; the purchase becomes partly received or received.
     */
    receive: (
      actor: PurchaseActor,
      body: z.output<typeof receivePurchaseRequestSchema>,
      language: Language,
    ) =>
      act(actor, body.id, 'receive', async (tx, head) => {
        const stores = await tx.purchasesDesk.activeStores(actor.accountId, language);
        const store = stores.find((entry) => entry.id === body.store_id);
        if (!store) throw refused('purchaseUnknownStore');
        const lines = await tx.purchasesDesk.receivableLines(head.id);
        const seen = new Set<number>();
        const picked = body.lines.map((entry) => {
          const line = lines.find((l) => l.id === entry.line_id);
          if (!line) throw refused('purchaseUnknownLine', { no: head.no, line: entry.line_id });
          if (seen.has(line.id)) throw refused('purchaseDuplicateLine', { line: entry.line_id });
          seen.add(line.id);
          const open = line.qty - line.received_qty;
          if (entry.qty > open)
            throw refused('purchaseReceiveTooMuch', {
              seq: line.seq,
              number: line.number,
              qty: entry.qty,
              open,
            });
          return { line, qty: entry.qty };
        });
        // Stock rows in a fixed order (product, then line), as the checkout and the desk's
        // shipments take them, so a receipt and a shipment never wait on each other's rows.
        picked.sort((a, b) => a.line.product_id - b.line.product_id || a.line.id - b.line.id);
        const stockChanges: Array<{ product_id: number; before: number; after: number }> = [];
        for (const { line, qty } of picked) {
          // Checked above under the row lock; the condition holds it again in SQL.
          if (!(await tx.purchasesDesk.addReceived(head.id, line.id, qty)))
            throw refused('purchaseReceiveTooMuch', {
              seq: line.seq,
              number: line.number,
              qty,
              open: line.qty - line.received_qty,
            });
          const after = await tx.purchasesDesk.addStock(line.product_id, store.id, qty);
          stockChanges.push({ product_id: line.product_id, before: after.stock - qty, after: after.stock });
        }
        const totals = await tx.purchasesDesk.totals(head.id);
        const to: PurchaseState = totals.received >= totals.qty ? 'received' : 'partially_received';
        if (to !== head.state) await move(tx, head, to);
        const received = picked.reduce((sum, entry) => sum + entry.qty, 0);
        return {
          state: to,
          audit: {
            changes: {
              ...changedFields({ state: head.state }, { state: to }),
              received_qty: { before: totals.received - received, after: totals.received },
            },
            details: {
              store_id: store.id,
              store: store.name,
              lines: picked
                .sort((a, b) => a.line.seq - b.line.seq)
                .map(({ line, qty }) => ({ line_id: line.id, seq: line.seq, number: line.number, qty })),
              stock: stockChanges,
            },
          },
        };
      }),
  };
}

export type PurchasesDeskService = ReturnType<typeof createPurchasesDeskService>;
