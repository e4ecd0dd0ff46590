import type { Area } from '@partsportal/contract/addresses';

export interface AreaOption {
  value: number;
  label: string;
  children?: AreaOption[];
}

/** Spec §9: level-2 areas are countries; the extra blank entry with id 0 is not a choice. */
export function isCountry(area: Area): boolean {
  return area.level === 2 && area.id !== 0 && area.name.trim() !== '';
}

const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

export function countryOptions(areas: readonly Area[]): AreaOption[] {
  return areas
    .filter(isCountry)
    .map((a) => ({ value: a.id, label: a.name }))
    .sort(byName);
}

/**
 * The receiving-area cascader: every country with the areas below it, built from parent_id
 * (the list is flat). A cycle in bad data cannot loop: each area is placed once.
 */
export function receivingAreaOptions(areas: readonly Area[]): AreaOption[] {
  const children = new Map<number, Area[]>();
  for (const area of areas) {
    if (area.parent_id === null || area.id === 0) continue;
    const list = children.get(area.parent_id) ?? [];
    list.push(area);
    children.set(area.parent_id, list);
  }
  const placed = new Set<number>();
  const build = (area: Area): AreaOption => {
    placed.add(area.id);
    const below = (children.get(area.id) ?? [])
      .filter((c) => !placed.has(c.id))
      .map(build)
      .sort(byName);
    return below.length > 0
      ? { value: area.id, label: area.name, children: below }
      : { value: area.id, label: area.name };
  };
  return areas.filter(isCountry).map(build).sort(byName);
}
