import type { Area } from '@partsportal/contract/addresses';
import type { Language } from '@partsportal/contract/codes';
import type { Repositories } from '../../repositories';

/** The stored names of an area, one per language; en/es may be empty. */
export interface AreaNames {
  name: string;
  nameEn: string;
  nameEs: string;
}

/** The area's name in `language`, falling back to the zh name when that translation is empty. */
export function areaName(area: AreaNames, language: Language): string {
  const translated = language === 'en' ? area.nameEn : language === 'es' ? area.nameEs : area.name;
  return translated.trim() === '' ? area.name : translated;
}

/**
 * The area a path of names leads to ("China / Guangdong / Guangzhou", in any of the three
 * languages or mixed, case and spacing ignored): the last name picks candidates, the names
 * before it must be its ancestors, nearest first. A path that names several areas alike, or
 * none, gives undefined (the form then asks for the region).
 */
export function findAreaByPath(
  rows: readonly (AreaNames & { id: number; parentId: number | null })[],
  path: readonly string[],
): number | undefined {
  const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
  const names = (row: AreaNames) => [row.name, row.nameEn, row.nameEs].filter(Boolean).map(key);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const last = path.at(-1);
  if (last === undefined) return undefined;
  const found = rows.filter((row) => {
    if (!names(row).includes(key(last))) return false;
    let parent = row.parentId === null ? undefined : byId.get(row.parentId);
    for (let i = path.length - 2; i >= 0; i--) {
      // Ancestors above the path (continents) are skipped; each named one must come in order.
      while (parent && !names(parent).includes(key(path[i]!))) {
        parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
      }
      if (!parent) return false;
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    return true;
  });
  return found.length === 1 ? found[0]!.id : undefined;
}

/** Spec §9: the list carries an extra blank entry with id 0 among the countries. */
export const BLANK_AREA: Area = { id: 0, name: '', level: 2, parent_id: null };

const COLLATION_LOCALE: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

/** How long another process may show an area's old name after the back office renamed it. */
export const CACHE_SECONDS = 60;

export function createAreasService(deps: { repos: Repositories; now?: () => Date }) {
  const now = () => (deps.now ? deps.now() : new Date()).getTime();
  // A per-language copy, built from one read: the cascader asks for the whole list on every
  // address form. The back office renames areas (names.service.ts): this process forgets its copy
  // at once, the other processes after CACHE_SECONDS (the list is shared state only in the database).
  const cache = new Map<Language, { list: Promise<Area[]>; until: number }>();

  async function build(language: Language): Promise<Area[]> {
    const rows = await deps.repos.areas.listAll();
    const collator = new Intl.Collator(COLLATION_LOCALE[language]);
    const list: Area[] = rows.map((row) => ({
      id: row.id,
      name: areaName(row, language),
      level: row.level,
      parent_id: row.parentId,
    }));
    list.push(BLANK_AREA);
    // Sorted in Node, not SQL, so PGlite and PostgreSQL (whose collations differ) answer alike;
    // a cascader builds its tree by level, so parents come before their children.
    return list.sort((a, b) => a.level - b.level || collator.compare(a.name, b.name) || a.id - b.id);
  }

  return {
    getAllAreas(language: Language): Promise<Area[]> {
      const cached = cache.get(language);
      if (cached && cached.until > now()) return cached.list;
      const list = build(language);
      // A failed load must not be cached, or one database hiccup would stick until restart.
      list.catch(() => cache.delete(language));
      cache.set(language, { list, until: now() + CACHE_SECONDS * 1000 });
      return list;
    },
    /** Drops the cached lists (areas were renamed in this process). */
    forget() {
      cache.clear();
    },
  };
}

export type AreasService = ReturnType<typeof createAreasService>;
