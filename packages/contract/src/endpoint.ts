import type { z } from 'zod';

/**
 * Who may call an endpoint. Every endpoint states one of these; the server refuses to
 * register a route without it (brief §4).
 * - 'public': no token needed (login, static config).
 * - 'signed-in': any valid token. Only for calls that show no company record (user info,
 *   password change, reference data, the dashboard whose figures check their own menus); the
 *   access walk holds the reviewed list, so a new 'signed-in' call fails it until reviewed.
 * - a list of grants: the user needs at least one of them; role admin passes. A grant is a
 *   menu code (spec §6) or `show_address`, the per-user switch that opens the address page
 *   (spec §6: "/personalCenter/address — none, menu entry only when show_address is set").
 */
export type Permission = 'public' | 'signed-in' | readonly Grant[] | StaffPermission;

/**
 * The wholesaler's back office (issue 14). Staff sign in apart from customer users, with their own
 * token kind (a customer token never opens a staff call, and a staff token never a customer call).
 * - owner: everything, incl. staff accounts and API keys (passes every staff permission);
 * - sales: customers, orders, payments, notices;
 * - catalogue: products, stock, prices, imports.
 */
export const STAFF_ROLES = ['owner', 'sales', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * A staff call: the roles that may make it (owner always may). `secondFactor: 'pending'` marks the
 * few calls a session may make between the password and the TOTP step (enrol, verify, sign out);
 * every other staff call needs a session whose second factor is done.
 */
export interface StaffPermission {
  readonly staff: readonly StaffRole[];
  readonly secondFactor?: 'pending';
}

export const isStaffPermission = (permission: Permission | undefined): permission is StaffPermission =>
  typeof permission === 'object' && permission !== null && 'staff' in permission;

export const MENU_CODES = {
  catalog: '1001',
  orderSearch: '1002',
  deliveryRecord: '1003',
  financeAccount: '1004',
  paymentDays: '1005',
  cart: '1006',
  notice: '1007',
  orderDetailSearch: '1008',
  salesSearch: '1009',
  salesDetailSearch: '1010',
  stockCatalog: '1011',
  purchaseSearch: '1012',
  purchaseDetailSearch: '1013',
  freight: '9002402',
} as const;
export type MenuCode = (typeof MENU_CODES)[keyof typeof MENU_CODES];
export const ALL_MENU_CODES: readonly MenuCode[] = Object.values(MENU_CODES);

/** The display switch that grants the address calls besides the cart code (see Permission). */
export const SHOW_ADDRESS_GRANT = 'show_address';
export type Grant = MenuCode | typeof SHOW_ADDRESS_GRANT;

export const ADMIN_ROLE = 'admin';

export interface Endpoint<
  Body extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: 'POST' | 'GET';
  /** Path as the spec writes it, with `{name}` for path parameters, relative to apiUrl. */
  path: string;
  summary: string;
  permission: Permission;
  body: Body;
  params?: Params;
  /** Schema of `data` in the `{code, msg, data}` answer. */
  data: Data;
}

export const defineEndpoint = <
  Body extends z.ZodType,
  Data extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
>(
  endpoint: Endpoint<Body, Data, Params>,
) => endpoint;
