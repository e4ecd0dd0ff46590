import { ResultCode, type Language } from '@partsportal/contract/codes';
import {
  FREIGHT_METHOD,
  FREIGHT_PLUGIN_TYPE,
  freightQuerySchema,
  type FreightView,
  type commonPostRequestSchema,
} from '@partsportal/contract/freight';
import secureJsonParse from 'secure-json-parse';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { AppError } from '../../platform/errors';
import { money, ExactDecimal } from '../../platform/money';
import { areaName } from '../areas/areas.service';
import type { FreightRateRow } from './freight.repository';
import type { Repositories } from '../../repositories';

/** Every freight figure is decimal: no binary float touches a weight or a price (brief §4). */

/**
 * Products without a recorded weight count as 0.5 kg each: a guess on the light side of a
 * typical small part, so a quote is never zero just because the catalogue lacks the figure.
 */
export const DEFAULT_WEIGHT_KG = '0.5';
/** Chargeable weight is rounded up to this step, as carriers bill. */
const CHARGEABLE_STEP_KG = new ExactDecimal('0.5');
/** cm³ in a m³: volumn is stored in m³, divisors are cm³ per kg. */
const CM3_PER_M3 = new ExactDecimal(1_000_000);

export interface FreightLine {
  /** kg as a decimal string; null = unknown (counts as DEFAULT_WEIGHT_KG). */
  weight: string | null;
  /** m³ as a decimal string; null = unknown (counts as 0). */
  volumn: string | null;
  qty: number;
}

export interface FreightTariff {
  firstWeightKg: string;
  firstPrice: string;
  additionalWeightKg: string;
  additionalPrice: string;
  /** cm³ per kg; 0 = the carrier ignores volume. */
  volumetricDivisor: number;
  minimumCharge: string;
}

export interface FreightFigures {
  weight_kg: string;
  volumetric_kg: string;
  chargeable_kg: string;
  price: string;
}

const kg = (value: ExactDecimal) => value.toFixed(3);

/** The pure calculation: weights and price of `lines` under one tariff. */
export function computeFreight(lines: readonly FreightLine[], tariff: FreightTariff): FreightFigures {
  let weight = new ExactDecimal(0);
  let volume = new ExactDecimal(0);
  for (const line of lines) {
    weight = weight.plus(new ExactDecimal(line.weight ?? DEFAULT_WEIGHT_KG).times(line.qty));
    volume = volume.plus(new ExactDecimal(line.volumn ?? 0).times(line.qty));
  }
  const volumetric =
    tariff.volumetricDivisor > 0
      ? volume.times(CM3_PER_M3).dividedBy(tariff.volumetricDivisor)
      : new ExactDecimal(0);
  const chargeable = ExactDecimal.max(weight, volumetric)
    .dividedBy(CHARGEABLE_STEP_KG)
    .toDecimalPlaces(0, ExactDecimal.ROUND_CEIL)
    .times(CHARGEABLE_STEP_KG);

  const firstWeight = new ExactDecimal(tariff.firstWeightKg);
  const additionalWeight = new ExactDecimal(tariff.additionalWeightKg);
  let price = new ExactDecimal(tariff.firstPrice);
  // An additional step of 0 kg would divide by zero; such a tariff is flat above the first weight.
  if (chargeable.greaterThan(firstWeight) && additionalWeight.greaterThan(0)) {
    const steps = chargeable
      .minus(firstWeight)
      .dividedBy(additionalWeight)
      .toDecimalPlaces(0, ExactDecimal.ROUND_CEIL);
    price = price.plus(steps.times(tariff.additionalPrice));
  }
  price = ExactDecimal.max(price, tariff.minimumCharge);
  return {
    weight_kg: kg(weight),
    volumetric_kg: kg(volumetric),
    chargeable_kg: kg(chargeable),
    price: money(price),
  };
}

type CommonPostRequest = z.output<typeof commonPostRequestSchema>;

/** The client sends 0 for "nothing picked" (the cascader's blank entry); missing means the same. */
/** Plugin and method names are identifiers; anything else is shown as `…`, never repeated raw. */
const pluginName = (name: string) => (/^[A-Za-z_]\w{0,63}$/.test(name) ? name : '…');

const isUnset = (value: unknown) => value === undefined || value === null || value === 0 || value === '';

function parseQuery(raw: string) {
  let parsed: unknown;
  try {
    parsed = secureJsonParse.parse(raw, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError(ResultCode.validation, 'pluginDataNotJson');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError(ResultCode.validation, 'pluginDataNotJson');
  }
  const fields = parsed as Record<string, unknown>;
  // Spec §5 messages, sending country first, before the general shape check.
  if (isUnset(fields.fromAreaId)) throw new AppError(ResultCode.validation, 'freightFromAreaRequired');
  if (isUnset(fields.toAreaId)) throw new AppError(ResultCode.validation, 'freightToAreaRequired');
  const result = freightQuerySchema.safeParse(parsed);
  if (!result.success) {
    const unknown = result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ['data', ...issue.path, key].join('.'))
        : [],
    );
    if (unknown.length > 0)
      throw new AppError(ResultCode.validation, 'unknownFields', { fields: unknown.join(', ') });
    const paths = [...new Set(result.error.issues.map((issue) => ['data', ...issue.path].join('.')))];
    throw new AppError(ResultCode.validation, 'validation', { fields: paths.join(', ') });
  }
  return result.data;
}

/** Per carrier, the rate whose destination is nearest the receiving area (itself, then up the tree). */
function mostSpecificRates(rates: readonly FreightRateRow[], depthOf: ReadonlyMap<number, number>) {
  const best = new Map<number, { rate: FreightRateRow; depth: number }>();
  for (const rate of rates) {
    const depth = depthOf.get(rate.toAreaId) ?? Number.POSITIVE_INFINITY;
    const current = best.get(rate.carrierId);
    // Rates come ordered by id, so on a tie the older rate stays: the answer is deterministic.
    if (!current || depth < current.depth) best.set(rate.carrierId, { rate, depth });
  }
  return [...best.values()].map((entry) => entry.rate);
}

export function createFreightService(deps: { repos: Repositories }) {
  const repo = deps.repos.freight;

  async function getFreightViews(auth: AuthContext, raw: string, language: Language): Promise<FreightView[]> {
    const query = parseQuery(raw);

    const [from] = await repo.findAreaChain(query.fromAreaId);
    if (!from || from.level !== 2) throw new AppError(ResultCode.refused, 'freightFromAreaNotCountry');
    const toChain = await repo.findAreaChain(query.toAreaId);
    const to = toChain[0];
    if (!to) throw new AppError(ResultCode.notFound, 'areaNotFound', { id: query.toAreaId });

    // The same product listed twice counts once with both quantities.
    const qtyById = new Map<number, number>();
    for (const item of query.items) qtyById.set(item.id, (qtyById.get(item.id) ?? 0) + item.qty);
    const ids = [...qtyById.keys()];
    const found = await repo.findProducts(auth.accountId, ids);
    const foundIds = new Set(found.map((product) => product.id));
    const missing = ids.filter((id) => !foundIds.has(id));
    if (missing.length > 0)
      throw new AppError(ResultCode.notFound, 'productsNotFound', { ids: missing.join(', ') });
    const lines: FreightLine[] = found.map((product) => ({
      weight: product.weight,
      volumn: product.volumn,
      qty: qtyById.get(product.id) ?? 0,
    }));

    const depthOf = new Map(toChain.map((area) => [area.id, area.depth]));
    const rates = mostSpecificRates(
      await repo.findRates(auth.accountId, from.id, [...depthOf.keys()], language),
      depthOf,
    );
    const fromName = areaName(from, language);
    const toName = areaName(to, language);
    const views = rates.map((rate): FreightView => {
      const figures = computeFreight(lines, rate);
      return {
        carrier: rate.carrier,
        mode: rate.mode,
        from: fromName,
        to: toName,
        ...figures,
        first_weight_kg: kg(new ExactDecimal(rate.firstWeightKg)),
        first_price: money(new ExactDecimal(rate.firstPrice)),
        additional_weight_kg: kg(new ExactDecimal(rate.additionalWeightKg)),
        additional_price: money(new ExactDecimal(rate.additionalPrice)),
        minimum_charge: money(new ExactDecimal(rate.minimumCharge)),
        currency: rate.currency,
        transit_days_min: rate.transitDaysMin,
        transit_days_max: rate.transitDaysMax,
      };
    });
    return views.sort(
      (a, b) => new ExactDecimal(a.price).comparedTo(b.price) || a.carrier.localeCompare(b.carrier),
    );
  }

  return {
    /** `Common/Post`: a plugin dispatcher; only Freight.GetFreightViews exists. */
    async commonPost(auth: AuthContext, body: CommonPostRequest, language: Language): Promise<FreightView[]> {
      if (body.type !== FREIGHT_PLUGIN_TYPE || body.m !== FREIGHT_METHOD) {
        throw new AppError(ResultCode.refused, 'unknownPluginCall', {
          type: pluginName(body.type),
          m: pluginName(body.m),
        });
      }
      return getFreightViews(auth, body.data, language);
    },
  };
}

export type FreightService = ReturnType<typeof createFreightService>;
