import { ADMIN_ROLE } from '@partsportal/contract/endpoint';

/** What the permission checks need to know about the user. */
export interface Holder {
  menus: readonly string[];
  tags?: readonly string[];
  roles?: readonly string[];
  show_address?: boolean;
}

export function isAdmin(holder: Pick<Holder, 'roles'> | null | undefined): boolean {
  return holder?.roles?.includes(ADMIN_ROLE) ?? false;
}

/** Spec §6: any-of; no requirement passes; role admin passes everything. */
export function hasAnyCode(
  required: readonly string[] | undefined,
  held: readonly string[],
  admin = false,
): boolean {
  if (admin || !required || required.length === 0) return true;
  return required.some((code) => held.includes(code));
}

/** Spec §6: the separate tags list gates elements with the same any-of rule. */
export function hasAnyTag(required: readonly string[], holder: Holder | null | undefined): boolean {
  if (!holder) return false;
  return hasAnyCode(required, holder.tags ?? [], isAdmin(holder));
}

export interface FilterableRoute {
  menus?: readonly string[];
  needsShowAddress?: boolean;
  children?: FilterableRoute[];
}

/**
 * Spec §6: a route with menu codes is kept only if the user holds at least one; children are
 * filtered likewise, and a group left without children disappears.
 */
export function filterRoutes<R extends FilterableRoute>(routes: readonly R[], holder: Holder): R[] {
  const admin = isAdmin(holder);
  const result: R[] = [];
  for (const route of routes) {
    if (!hasAnyCode(route.menus, holder.menus, admin)) continue;
    // Spec §6: admin "bypasses checks", the show_address switch included.
    if (route.needsShowAddress && !holder.show_address && !admin) continue;
    if (route.children) {
      const children = filterRoutes(route.children as R[], holder);
      if (children.length === 0) continue;
      result.push({ ...route, children });
    } else {
      result.push(route);
    }
  }
  return result;
}
