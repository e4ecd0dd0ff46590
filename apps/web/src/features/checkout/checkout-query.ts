/** `?ids=3,7,9`: cart item ids, positive whole numbers, no duplicates, at most 5000. */
export function parseIds(value: string | null): number[] {
  if (!value) return [];
  const ids = new Set<number>();
  for (const part of value.split(',')) {
    const id = Number(part.trim());
    if (Number.isInteger(id) && id > 0 && id <= 2_147_483_647) ids.add(id);
    if (ids.size >= 5000) break;
  }
  return [...ids];
}

export function parseId(value: string | null): number | null {
  const [id] = parseIds(value);
  return id ?? null;
}
