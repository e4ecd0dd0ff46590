import { createHash } from 'node:crypto';
import { MAX_LINE_QTY } from '@partsportal/contract/cart';
import {
  MAX_IDEMPOTENCY_KEY_LENGTH,
  type CheckoutLine,
  type CheckoutPreview,
  type SavedOrder,
  type saveSubmitsRequestSchema,
  type submitCartRequestSchema,
} from '@partsportal/contract/checkout';
import { MAX_PO_NUMBER_LENGTH, poNumberProblem } from '@partsportal/contract/checkout-rules';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { AppError, notFound, refused } from '../../platform/errors';
import { money, ExactDecimal } from '../../platform/money';
import type { DataAccess, Repositories } from '../../repositories';
import type { AddressRow } from '../addresses/addresses.repository';
import { toAddress } from '../addresses/addresses.service';
import type { FreightRateRow } from '../freight/freight.repository';
import { computeFreight, type FreightLine } from '../freight/freight.service';
import type { CartLine, NewOrderLine } from './checkout.repository';

type SubmitCartRequest = z.output<typeof submitCartRequestSchema>;
type SaveSubmitsRequest = z.output<typeof saveSubmitsRequestSchema>;

/** VAT included in tax_price (China's standard rate, as the demo history). */
const VAT_FACTOR = new ExactDecimal('1.13');

interface PricedLine {
  cart: CartLine;
  line: CheckoutLine;
  /** Country the line ships from (the store's area), for freight. */
  fromAreaId: number | null;
  freight: FreightLine;
  numberKey: string;
  myNumber: string;
  makeNames: string;
  extendParam: string;
  /** The product's unit as written: the order line keeps it, and each reader sees it translated. */
  unitAsWritten: string;
}

interface PricedCart {
  lines: PricedLine[];
  currency: string;
  goods: ExactDecimal;
  totalQty: number;
}

/**
 * Fresh company prices (the catalogue's productRows: company price, then price-level price, then
 * list price × factor), the store of each line (its own, or the one with most available stock)
 * and what stands in the way of ordering it.
 */
async function priceCart(
  repos: Repositories,
  auth: AuthContext,
  cartLines: readonly CartLine[],
  language: Language,
): Promise<PricedCart> {
  const { checkout } = repos;
  const productIds = [...new Set(cartLines.map((line) => line.productId))];
  // One after another: inside SaveSubmits' transaction these share one connection, which runs one
  // query at a time anyway (pg queues the rest with a deprecation warning).
  const rows = await repos.catalog.productRows(productIds, auth.companyId, language);
  const active = await checkout.activeProductIds(auth.accountId, productIds);
  const storeList = await checkout.storeCountries(auth.accountId, language);
  const byId = new Map(rows.filter((row) => active.has(row.id)).map((row) => [row.id, row]));
  const storeById = new Map(storeList.map((store) => [store.id, store]));

  // Demand per product and store across lines: the same product twice must fit the stock together.
  const demand = new Map<string, number>();
  const chosen = cartLines.map((cart) => {
    const product = byId.get(cart.productId);
    const stores = product?.stores ?? [];
    const store =
      cart.storeId === null
        ? [...stores].sort((a, b) => b.available_stock - a.available_stock || a.store_id - b.store_id)[0]
        : stores.find((entry) => entry.store_id === cart.storeId);
    const storeId = store?.store_id ?? cart.storeId;
    const key = `${cart.productId}:${storeId ?? 0}`;
    demand.set(key, (demand.get(key) ?? 0) + cart.qty);
    return { cart, product, store, storeId, key };
  });

  let goods = new ExactDecimal(0);
  let totalQty = 0;
  const lines = chosen.map(({ cart, product, store, storeId, key }): PricedLine => {
    const available = store?.available_stock ?? 0;
    const price = new ExactDecimal(product?.price ?? 0);
    const sum = price.times(cart.qty);
    goods = goods.plus(sum);
    totalQty += cart.qty;
    let problem: CheckoutLine['problem'] = null;
    if (!product) problem = 'unavailable';
    else if (product.buy_qty > 0 && cart.qty % product.buy_qty !== 0) problem = 'qty_not_multiple';
    else if (available <= 0) problem = 'out_of_stock';
    else if ((demand.get(key) ?? 0) > available) problem = 'insufficient_stock';
    return {
      cart,
      line: {
        id: cart.id,
        cpid: cart.productId,
        number: product?.number ?? '',
        part_name: product?.part_name ?? '',
        factory: product?.factory ?? '',
        unit: product?.unit ?? '',
        store_id: storeId,
        store_name: store?.store_name ?? (storeId === null ? '' : (storeById.get(storeId)?.name ?? '')),
        available_stock: available,
        buy_qty: product?.buy_qty ?? 0,
        qty: cart.qty,
        price: money(price),
        sum: money(sum),
        remark: cart.remark,
        problem,
      },
      fromAreaId: storeId === null ? null : (storeById.get(storeId)?.areaId ?? null),
      freight: { weight: product?.weight ?? null, volumn: product?.volumn ?? null, qty: cart.qty },
      numberKey: normalizePartNumber(product?.number ?? ''),
      myNumber: product?.my_number ?? '',
      makeNames: product?.make_names ?? '',
      extendParam: product?.extend_param ?? '',
      unitAsWritten: product?.unit_as_written ?? '',
    };
  });
  return { lines, currency: rows[0]?.currency ?? 'CNY', goods, totalQty };
}

/** Per carrier, the rate whose destination is nearest the address (as the freight views do). */
function mostSpecificRates(rates: readonly FreightRateRow[], depthOf: ReadonlyMap<number, number>) {
  const best = new Map<number, { rate: FreightRateRow; depth: number }>();
  for (const rate of rates) {
    const depth = depthOf.get(rate.toAreaId) ?? Number.POSITIVE_INFINITY;
    const current = best.get(rate.carrierId);
    if (!current || depth < current.depth) best.set(rate.carrierId, { rate, depth });
  }
  return [...best.values()].map((entry) => entry.rate);
}

/**
 * Freight of the order to the address: the lines are grouped by the country of their store, and
 * each group takes the cheapest carrier (in the order's currency) from that country, with the
 * freight views' own calculation. Null when a group has no store country or no rate.
 */
async function quoteFreight(
  repos: Repositories,
  accountId: number,
  toAreaId: number,
  lines: readonly PricedLine[],
  currency: string,
  language: Language,
): Promise<{ price: ExactDecimal; carrier: string } | null> {
  const { freight } = repos;
  const chain = await freight.findAreaChain(toAreaId);
  if (chain.length === 0 || lines.length === 0) return null;
  const depthOf = new Map(chain.map((area) => [area.id, area.depth]));
  const groups = new Map<number, FreightLine[]>();
  for (const line of lines) {
    if (line.fromAreaId === null) return null;
    groups.set(line.fromAreaId, [...(groups.get(line.fromAreaId) ?? []), line.freight]);
  }
  let total = new ExactDecimal(0);
  const carriers: string[] = [];
  for (const [fromAreaId, group] of groups) {
    const rates = mostSpecificRates(
      await freight.findRates(accountId, fromAreaId, [...depthOf.keys()], language),
      depthOf,
    )
      .filter((rate) => rate.currency === currency)
      .map((rate) => ({ carrier: rate.carrier, price: new ExactDecimal(computeFreight(group, rate).price) }))
      .sort((a, b) => a.price.comparedTo(b.price) || a.carrier.localeCompare(b.carrier));
    const cheapest = rates[0];
    if (!cheapest) return null;
    total = total.plus(cheapest.price);
    carriers.push(cheapest.carrier);
  }
  return { price: total, carrier: [...new Set(carriers)].join(' + ') };
}

async function findAddress(
  repos: Repositories,
  companyId: number,
  addressId: number | null | undefined,
  language: Language,
) {
  const repo = repos.addresses;
  if (addressId === null || addressId === undefined) return repo.findDefault(companyId, language);
  const address = await repo.find(companyId, addressId, language);
  if (!address) throw notFound();
  return address;
}

const PRINTABLE = /^[\x21-\x7e]+$/;

/** The `Idempotency-Key` header, checked; undefined when absent. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !PRINTABLE.test(key)) {
    throw new AppError(ResultCode.validation, 'idempotencyKeyInvalid');
  }
  return key;
}

/**
 * What "the same body" means for a retried submit: every field, in a fixed order. The PO number
 * and backorder choice join the list only when sent, so keys stored before them still match.
 */
const requestHash = (body: SaveSubmitsRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        body.remark ?? '',
        body.items,
        body.address_id ?? null,
        ...(body.po_number === undefined && body.backorder === undefined
          ? []
          : [body.po_number?.trim() ?? '', body.backorder ?? 'ship_available']),
      ]),
    )
    .digest('hex');

/** The buyer's order reference, trimmed; refused with the rule it breaks (issue 17 #15). */
function checkedPoNumber(value: string | undefined): string {
  const problem = poNumberProblem(value ?? '');
  if (problem === 'too_long')
    throw new AppError(ResultCode.validation, 'poNumberTooLong', { max: MAX_PO_NUMBER_LENGTH });
  if (problem === 'characters') throw new AppError(ResultCode.validation, 'poNumberCharacters');
  return (value ?? '').trim();
}

/** The first reason a priced line cannot be ordered, as a refusal naming the product. */
async function refuseProblem(repos: Repositories, priced: PricedLine) {
  const { line } = priced;
  switch (line.problem) {
    case 'unavailable':
      throw refused('submitProductUnavailable', { number: line.number || String(line.cpid) });
    case 'qty_not_multiple':
      throw refused('cartQtyNotMultiple', { number: line.number, buy_qty: line.buy_qty });
    case 'out_of_stock':
    case 'insufficient_stock': {
      if (line.store_id === null) throw refused('submitNoStore', { number: line.number });
      const available = await repos.checkout.availableStock(line.cpid, line.store_id);
      throw refused('submitInsufficientStock', {
        number: line.number,
        qty: line.qty,
        store: line.store_name,
        available,
      });
    }
    case null:
      return;
  }
}

const ymd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

export function createCheckoutService(deps: DataAccess & { now?: () => Date }) {
  const { repos, transaction } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async submitCart(
      auth: AuthContext,
      body: SubmitCartRequest,
      language: Language,
    ): Promise<CheckoutPreview> {
      const ids = [...new Set(body.ids)];
      if (ids.length === 0) throw refused('submitNothingChecked');
      const cartLines = await repos.checkout.cartLines(auth, ids);
      if (cartLines.length < ids.length) throw new AppError(ResultCode.notFound, 'submitItemsNotInCart');
      const address = await findAddress(repos, auth.companyId, body.address_id, language);
      const priced = await priceCart(repos, auth, cartLines, language);
      const freight = address
        ? await quoteFreight(repos, auth.accountId, address.areaId, priced.lines, priced.currency, language)
        : null;
      return {
        lines: priced.lines.map((line) => line.line),
        total_qty: priced.totalQty,
        goods_amount: money(priced.goods),
        freight: freight ? money(freight.price) : null,
        freight_carrier: freight?.carrier ?? null,
        total_amount: money(priced.goods.plus(freight?.price ?? 0)),
        currency: priced.currency,
        address: address ? toAddress(address) : null,
        can_submit: address !== undefined && priced.lines.every((line) => line.line.problem === null),
      };
    },

    /**
     * One order from cart lines, all in one transaction: idempotency key, address, the lines
     * taken out of the cart, fresh prices, stock reserved line by line with conditional updates,
     * the order, its lines and its first event. Any refusal rolls all of it back.
     */
    async saveSubmits(
      auth: AuthContext,
      body: SaveSubmitsRequest,
      headers: Record<string, string | string[] | undefined>,
      language: Language,
    ): Promise<SavedOrder> {
      const idempotencyKey = idempotencyKeyOf(headers);
      const ids = [...new Set(body.items)];
      if (ids.length === 0) throw refused('submitNothingChecked');
      const poNumber = checkedPoNumber(body.po_number);
      const hash = requestHash(body);

      return transaction(async (tx) => {
        const { checkout } = tx;
        const cartCount = () => tx.cart.countItems(auth.userId, auth.companyId);

        if (
          idempotencyKey !== undefined &&
          !(await checkout.claimIdempotencyKey(auth.companyId, idempotencyKey, hash))
        ) {
          const earlier = await checkout.findIdempotencyKey(auth.companyId, idempotencyKey);
          if (!earlier || earlier.requestHash !== hash || earlier.response === null) {
            throw new AppError(ResultCode.conflict, 'idempotencyKeyReused');
          }
          return { ...(earlier.response as Omit<SavedOrder, 'carts'>), carts: await cartCount() };
        }

        const address: AddressRow | undefined = await findAddress(
          tx,
          auth.companyId,
          body.address_id,
          language,
        );
        if (!address) throw refused('submitAddressRequired');

        const cartLines = await checkout.takeCartLines(auth, ids);
        if (cartLines.length < ids.length) throw new AppError(ResultCode.notFound, 'submitItemsNotInCart');
        cartLines.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

        const priced = await priceCart(tx, auth, cartLines, language);
        for (const line of priced.lines) {
          if (line.cart.qty < 1 || line.cart.qty > MAX_LINE_QTY || !Number.isInteger(line.cart.qty)) {
            throw refused('cartLineQtyTooLarge', { number: line.line.number, max: MAX_LINE_QTY });
          }
          await refuseProblem(tx, line);
        }

        // Reserve per product and store, in a fixed order so two orders never wait on each other.
        const reservations = new Map<
          string,
          { productId: number; storeId: number; qty: number; line: PricedLine }
        >();
        for (const line of priced.lines) {
          const storeId = line.line.store_id!;
          const key = `${line.cart.productId}:${storeId}`;
          const entry = reservations.get(key);
          if (entry) entry.qty += line.cart.qty;
          else reservations.set(key, { productId: line.cart.productId, storeId, qty: line.cart.qty, line });
        }
        const ordered = [...reservations.values()].sort(
          (a, b) => a.productId - b.productId || a.storeId - b.storeId,
        );
        for (const entry of ordered) {
          if (!(await checkout.reserveStock(entry.productId, entry.storeId, entry.qty))) {
            throw refused('submitInsufficientStock', {
              number: entry.line.line.number,
              qty: entry.qty,
              store: entry.line.line.store_name,
              available: await checkout.availableStock(entry.productId, entry.storeId),
            });
          }
        }

        const freight = await quoteFreight(
          tx,
          auth.accountId,
          address.areaId,
          priced.lines,
          priced.currency,
          language,
        );
        const freightAmount = freight?.price ?? new ExactDecimal(0);
        const orderId = await checkout.nextOrderId();
        const no = `PO${ymd(now())}${String(orderId).padStart(6, '0')}`;
        const lines: NewOrderLine[] = priced.lines.map((line, index) => ({
          orderId,
          companyId: auth.companyId,
          seq: index + 1,
          productId: line.cart.productId,
          storeId: line.line.store_id,
          number: line.line.number,
          numberKey: line.numberKey,
          partName: line.line.part_name,
          factory: line.line.factory,
          myNumber: line.myNumber,
          unit: line.unitAsWritten,
          makeNames: line.makeNames,
          extendParam: line.extendParam,
          qty: line.cart.qty,
          price: line.line.price,
          taxPrice: money(new ExactDecimal(line.line.price).times(VAT_FACTOR)),
          sum: line.line.sum,
          clientRemark: line.cart.remark,
        }));
        await checkout.insertOrder(
          {
            id: orderId,
            accountId: auth.accountId,
            companyId: auth.companyId,
            userId: auth.userId,
            no,
            billDate: now(),
            fromSystem: 'web',
            state: 'pending_payment',
            currency: priced.currency,
            amount: money(priced.goods),
            freight: money(freightAmount),
            totalQty: priced.totalQty,
            remark: body.remark?.trim() ?? '',
            addressId: address.id,
            consignee: address.contactName,
            destination: `${address.area} ${address.address}`.trim(),
            destinationAreaId: address.areaId,
            destinationDetail: address.address,
            phone: address.phone,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: idempotencyKey === undefined ? null : hash,
            poNumber,
            backorder: body.backorder ?? 'ship_available',
          },
          lines,
          auth.userId,
        );
        const saved: Omit<SavedOrder, 'carts'> = {
          order_id: orderId,
          no,
          state: 'pending_payment',
          goods_amount: money(priced.goods),
          freight: money(freightAmount),
          total_amount: money(priced.goods.plus(freightAmount)),
          currency: priced.currency,
        };
        if (idempotencyKey !== undefined) {
          await checkout.saveIdempotentResponse(auth.companyId, idempotencyKey, saved);
        }
        return { ...saved, carts: await cartCount() };
      });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
