import type { Language } from '@partsportal/contract/codes';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { localizedName } from '../../db/localized-names';
import { products } from '../../db/schema/catalog';
import { freightCarriers, freightRates } from '../../db/schema/trading';

export interface AreaInChain {
  id: number;
  level: number;
  name: string;
  nameEn: string;
  nameEs: string;
  /** 0 for the area asked for, 1 for its parent, … */
  depth: number;
}

export function createFreightRepository(db: Db) {
  return {
    /** The area and all its ancestors, nearest first; empty when the area does not exist. */
    async findAreaChain(areaId: number): Promise<AreaInChain[]> {
      // The depth cap guards against a cycle in hand-edited data.
      const result = await db.execute(sql`
        with recursive chain as (
          select id, parent_id, level, name, name_en, name_es, 0 as depth from areas where id = ${areaId}
          union all
          select a.id, a.parent_id, a.level, a.name, a.name_en, a.name_es, c.depth + 1
          from areas a join chain c on a.id = c.parent_id
          where c.depth < 16
        )
        select id, level, name, name_en as "nameEn", name_es as "nameEs", depth from chain order by depth`);
      return rowsOf<AreaInChain>(result).map((row) => ({
        ...row,
        id: Number(row.id),
        level: Number(row.level),
        depth: Number(row.depth),
      }));
    },

    /** Active products of the account among `ids`; weight and volumn are decimal strings or null. */
    async findProducts(accountId: number, ids: readonly number[]) {
      return db
        .select({ id: products.id, weight: products.weight, volumn: products.volumn })
        .from(products)
        .where(
          and(eq(products.accountId, accountId), eq(products.isActive, true), inArray(products.id, [...ids])),
        );
    },

    /** Rates of the account's carriers from `fromAreaId` to any of `toAreaIds`, carriers named in `language`. */
    async findRates(accountId: number, fromAreaId: number, toAreaIds: readonly number[], language: Language) {
      return db
        .select({
          id: freightRates.id,
          carrierId: freightCarriers.id,
          carrier: localizedName(freightCarriers.name, freightCarriers.names, language),
          mode: freightCarriers.mode,
          toAreaId: freightRates.toAreaId,
          currency: freightRates.currency,
          firstWeightKg: freightRates.firstWeightKg,
          firstPrice: freightRates.firstPrice,
          additionalWeightKg: freightRates.additionalWeightKg,
          additionalPrice: freightRates.additionalPrice,
          volumetricDivisor: freightRates.volumetricDivisor,
          minimumCharge: freightRates.minimumCharge,
          transitDaysMin: freightRates.transitDaysMin,
          transitDaysMax: freightRates.transitDaysMax,
        })
        .from(freightRates)
        .innerJoin(freightCarriers, eq(freightCarriers.id, freightRates.carrierId))
        .where(
          and(
            eq(freightCarriers.accountId, accountId),
            eq(freightRates.fromAreaId, fromAreaId),
            inArray(freightRates.toAreaId, [...toAreaIds]),
          ),
        )
        .orderBy(asc(freightRates.id));
    },
  };
}

export type FreightRepository = ReturnType<typeof createFreightRepository>;
export type FreightRateRow = Awaited<ReturnType<FreightRepository['findRates']>>[number];
