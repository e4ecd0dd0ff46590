/** The freight form as the page holds it. */
export interface FreightForm {
  items: { id: number; qty: number }[];
  fromAreaId: number | null;
  /** Cascader path country → … → area; the last entry is the receiving area. */
  toAreaPath: number[];
}

export type FreightField = 'from' | 'to' | 'items';

/**
 * Spec §5: the sending country is checked first ("Please select the sending country!"), then
 * the receiving area ("Please select the receiving area!"); products come last.
 */
export function validateFreightForm(form: FreightForm): { field: FreightField; messageKey: string } | null {
  if (!form.fromAreaId) return { field: 'from', messageKey: 'freight.fromRequired' };
  if (form.toAreaPath.length === 0) return { field: 'to', messageKey: 'freight.toRequired' };
  if (form.items.length === 0) return { field: 'items', messageKey: 'freight.itemsRequired' };
  return null;
}

export interface FreightLink {
  items: { id: number; qty: number }[];
  fromAreaId: number;
  toAreaId: number;
}

/** "12:2,15:1" ↔ items; used by the catalogue link (?ids=) and the detail page's URL. */
export function parseItems(raw: string | null): { id: number; qty: number }[] {
  if (!raw) return [];
  const items = new Map<number, number>();
  for (const part of raw.split(',').slice(0, 200)) {
    const match = /^(\d{1,9})(?::(\d{1,7}))?$/.exec(part.trim());
    if (!match) continue;
    const id = Number(match[1]);
    const qty = match[2] ? Number(match[2]) : 1;
    if (id > 0 && qty > 0) items.set(id, qty);
  }
  return [...items].map(([id, qty]) => ({ id, qty }));
}

export function formatItems(items: readonly { id: number; qty: number }[]): string {
  return items.map((i) => `${i.id}:${i.qty}`).join(',');
}

export function detailQuery(link: FreightLink, view: { carrier: string; mode: string }): string {
  return new URLSearchParams({
    items: formatItems(link.items),
    from: String(link.fromAreaId),
    to: String(link.toAreaId),
    carrier: view.carrier,
    mode: view.mode,
  }).toString();
}

export function parseDetailQuery(
  params: URLSearchParams,
): (FreightLink & { carrier: string; mode: string }) | null {
  const items = parseItems(params.get('items'));
  const fromAreaId = Number(params.get('from'));
  const toAreaId = Number(params.get('to'));
  const carrier = params.get('carrier') ?? '';
  const mode = params.get('mode') ?? '';
  if (items.length === 0 || !Number.isInteger(fromAreaId) || fromAreaId <= 0) return null;
  if (!Number.isInteger(toAreaId) || toAreaId <= 0 || !carrier) return null;
  return { items, fromAreaId, toAreaId, carrier, mode };
}

/** Cheapest first; money arrives as decimal strings. */
export function byPrice<T extends { price: string }>(views: readonly T[]): T[] {
  return [...views].sort((a, b) => Number(a.price) - Number(b.price));
}
