import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas } from '../../db/schema/trading';

export function createAreasRepository(db: Db) {
  return {
    /** Areas are shared by every account (a geography, not customer data), so no scoping. */
    async listAll() {
      return db
        .select({
          id: areas.id,
          parentId: areas.parentId,
          name: areas.name,
          nameEn: areas.nameEn,
          nameEs: areas.nameEs,
          level: areas.level,
        })
        .from(areas)
        .orderBy(asc(areas.id));
    },
  };
}

export type AreasRepository = ReturnType<typeof createAreasRepository>;
