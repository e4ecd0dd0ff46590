import type { Language } from '@partsportal/contract/codes';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema/trading';

export interface AddressValues {
  caption: string;
  contactName: string;
  areaId: number;
  area: string;
  address: string;
  phone: string;
}

const columns = {
  id: addresses.id,
  caption: addresses.caption,
  contactName: addresses.contactName,
  areaId: addresses.areaId,
  area: addresses.area,
  address: addresses.address,
  phone: addresses.phone,
  isDefault: addresses.isDefault,
};

/**
 * The columns as a reader sees them: the area path in the reader's language from the area id
 * (area_path, migration 0009; decision 011), else the path as written when the area is gone.
 */
const columnsIn = (language: Language) => ({
  ...columns,
  area: sql<string>`coalesce(area_path(${addresses.areaId}, ${language}), ${addresses.area})`,
});

export type AddressRow = {
  id: number;
  caption: string;
  contactName: string;
  areaId: number;
  area: string;
  address: string;
  phone: string;
  isDefault: boolean;
};

/** Every query is scoped by the caller's company: another company's id reads as "not found". */
export function createAddressesRepository(db: Db) {
  return {
    async list(companyId: number, language: Language): Promise<AddressRow[]> {
      return db
        .select(columnsIn(language))
        .from(addresses)
        .where(eq(addresses.companyId, companyId))
        .orderBy(desc(addresses.isDefault), desc(addresses.id));
    },

    async find(companyId: number, id: number, language: Language): Promise<AddressRow | undefined> {
      const [row] = await db
        .select(columnsIn(language))
        .from(addresses)
        .where(and(eq(addresses.companyId, companyId), eq(addresses.id, id)));
      return row;
    },

    async findDefault(companyId: number, language: Language): Promise<AddressRow | undefined> {
      const [row] = await db
        .select(columnsIn(language))
        .from(addresses)
        .where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true)))
        .orderBy(asc(addresses.id))
        .limit(1);
      return row;
    },

    /**
     * Locks the company row (serializes the company's address writes, so the 50-address cap and
     * "the first becomes default" hold under parallel requests) and counts its addresses.
     */
    async lockAndCount(companyId: number): Promise<number> {
      await db.execute(sql`select id from companies where id = ${companyId} for update`);
      const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.companyId, companyId));
      return row?.n ?? 0;
    },

    async insert(companyId: number, values: AddressValues, isDefault: boolean): Promise<AddressRow> {
      const [row] = await db
        .insert(addresses)
        .values({ companyId, ...values, isDefault })
        .returning(columns);
      return row!;
    },

    async update(companyId: number, id: number, values: AddressValues): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.companyId, companyId), eq(addresses.id, id)))
        .returning(columns);
      return row;
    },

    /** Makes `id` the only default of the company; false when the address is not the company's. */
    async setDefault(companyId: number, id: number): Promise<boolean> {
      const [target] = await db
        .update(addresses)
        .set({ isDefault: true })
        .where(and(eq(addresses.companyId, companyId), eq(addresses.id, id)))
        .returning({ id: addresses.id });
      if (!target) return false;
      await db
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.companyId, companyId), ne(addresses.id, id), eq(addresses.isDefault, true)));
      return true;
    },

    async remove(companyId: number, id: number): Promise<{ id: number; isDefault: boolean } | undefined> {
      const [row] = await db
        .delete(addresses)
        .where(and(eq(addresses.companyId, companyId), eq(addresses.id, id)))
        .returning({ id: addresses.id, isDefault: addresses.isDefault });
      return row;
    },

    async newestId(companyId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.companyId, companyId))
        .orderBy(desc(addresses.id))
        .limit(1);
      return row?.id;
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
