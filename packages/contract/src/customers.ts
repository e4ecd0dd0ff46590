import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import { idSchema, moneySchema, pageOf, pagingSchema, timestampSchema } from './common';
import { defineEndpoint, type StaffPermission } from './endpoint';

/**
 * The back office's customers (issue 14 item 5): companies, their users with the menu codes of
 * spec §6, and each company's own part numbers (spec my_number). Sales staff and the owner.
 */
export const CUSTOMER_STAFF: StaffPermission = { staff: ['sales'] };

/** A company's code as staff type it (an ERP's customer number): letters, digits, `.-_`. */
export const companyCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{N}._-]+$/u);

/** ISO 4217 letters. */
export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toUpperCase());

/** A credit limit: money, not negative. */
const creditLimitSchema = moneySchema.refine((value) => !value.startsWith('-'), 'not negative');

export const companySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort_name: z.string(),
  price_level_id: z.number().int().nullable(),
  price_level_name: z.string().nullable(),
  credit_limit: moneySchema,
  payment_days: z.number().int(),
  currency: z.string(),
  enabled: z.boolean(),
  user_count: z.number().int().nonnegative(),
  my_number_count: z.number().int().nonnegative(),
  created_at: timestampSchema,
});
export type Company = z.infer<typeof companySchema>;

export const companyListRequestSchema = pagingSchema.extend({
  /** Part of the code, name or sort name. */
  keyword: z.string().trim().max(64).default(''),
  /** Only enabled (true) or disabled (false) companies; both when left out. */
  enabled: z.boolean().optional(),
});

const companyFields = {
  code: companyCodeSchema,
  name: z.string().trim().min(1).max(128),
  /** Short name for records (spec company_sort_name); the name when left empty. */
  sort_name: z.string().trim().max(64).default(''),
  price_level_id: idSchema.nullable().default(null),
  credit_limit: creditLimitSchema.default('0'),
  payment_days: z.number().int().min(0).max(365).default(30),
  /** The account's currency when left out. */
  currency: currencySchema.optional(),
  enabled: z.boolean().default(true),
};

export const companyCreateRequestSchema = z.strictObject(companyFields);

/** Only the fields sent change. */
export const companyUpdateRequestSchema = z.strictObject({
  id: idSchema,
  code: companyFields.code.optional(),
  name: companyFields.name.optional(),
  sort_name: z.string().trim().min(1).max(64).optional(),
  price_level_id: idSchema.nullable().optional(),
  credit_limit: creditLimitSchema.optional(),
  payment_days: companyFields.payment_days.optional(),
  currency: currencySchema.optional(),
  enabled: z.boolean().optional(),
});

export const companyIdRequestSchema = z.strictObject({ id: idSchema });

export const priceLevelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Multiplier of the list price, e.g. "0.8500". */
  factor: z.string(),
});

export const customerUserSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.string(),
  name: z.string(),
  /** Menu codes of spec §6 (contract MENU_CODES). */
  menus: z.array(z.string()),
  tags: z.array(z.string()),
  show_address: z.boolean(),
  product_detail_title_show_my_number: z.boolean(),
  enabled: z.boolean(),
  /** Set by a password reset until the user picks a password of their own. */
  must_change_password: z.boolean(),
  created_at: timestampSchema,
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const customerUserListRequestSchema = pagingSchema.extend({
  company_id: idSchema,
  keyword: z.string().trim().max(64).default(''),
});

/**
 * Menus are any strings here: an unknown code gets its own message naming the code (a schema
 * enum would answer only "invalid request: menus").
 */
const userFields = {
  user_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\p{L}\p{N}._@-]+$/u),
  name: z.string().trim().min(1).max(64),
  menus: z.array(z.string().trim().max(16)).max(32),
  tags: z.array(z.string().trim().min(1).max(32)).max(32).default([]),
  show_address: z.boolean().default(false),
  product_detail_title_show_my_number: z.boolean().default(false),
  enabled: z.boolean().default(true),
};

export const customerUserCreateRequestSchema = z.strictObject({ company_id: idSchema, ...userFields });

export const customerUserUpdateRequestSchema = z.strictObject({
  id: idSchema,
  user_id: userFields.user_id.optional(),
  name: userFields.name.optional(),
  menus: userFields.menus.optional(),
  tags: z.array(z.string().trim().min(1).max(32)).max(32).optional(),
  show_address: z.boolean().optional(),
  product_detail_title_show_my_number: z.boolean().optional(),
  enabled: z.boolean().optional(),
});

export const customerUserIdRequestSchema = z.strictObject({ id: idSchema });

/** A temporary password, shown once; the user must change it at the next sign-in. */
export const customerTemporaryPasswordSchema = z.object({
  id: z.number().int(),
  temporary_password: z.string().max(PASSWORD_MAX_LENGTH),
});

export const myNumberSchema = z.object({
  product_id: z.number().int(),
  brand: z.string(),
  number: z.string(),
  my_number: z.string(),
});

export const myNumberListRequestSchema = pagingSchema.extend({
  company_id: idSchema,
  keyword: z.string().trim().max(64).default(''),
});

export const MY_NUMBER_RESULTS = ['created', 'updated', 'unchanged', 'error'] as const;
export type MyNumberResult = (typeof MY_NUMBER_RESULTS)[number];

export const myNumberImportRowSchema = z.object({
  /** As a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  brand: z.string(),
  number: z.string(),
  my_number: z.string(),
  result: z.enum(MY_NUMBER_RESULTS),
  /** Why the row was refused, in the caller's language; empty otherwise. */
  message: z.string(),
});

export const myNumberImportResultSchema = z.object({
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(myNumberImportRowSchema),
});
export type MyNumberImportResult = z.infer<typeof myNumberImportResultSchema>;

export const customersEndpoints = {
  listCompanies: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/Companies',
    summary: 'Customer companies of the account, searched by code or name, filtered by enabled.',
    permission: CUSTOMER_STAFF,
    body: companyListRequestSchema,
    data: pageOf(companySchema),
  }),
  getCompany: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/Company',
    summary: 'One customer company.',
    permission: CUSTOMER_STAFF,
    body: companyIdRequestSchema,
    data: companySchema,
  }),
  createCompany: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/CreateCompany',
    summary: 'A new customer company; its code is unique in the account.',
    permission: CUSTOMER_STAFF,
    body: companyCreateRequestSchema,
    data: z.object({ id: z.number().int() }),
  }),
  updateCompany: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/UpdateCompany',
    summary: "Change a company; disabled, its users' sessions stop at their next call.",
    permission: CUSTOMER_STAFF,
    body: companyUpdateRequestSchema,
    data: z.null(),
  }),
  listPriceLevels: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/PriceLevels',
    summary: 'The price levels a company can be given.',
    permission: CUSTOMER_STAFF,
    body: z.strictObject({}).nullish(),
    data: z.array(priceLevelSchema),
  }),
  listUsers: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/Users',
    summary: "A company's users with their menus and switches.",
    permission: CUSTOMER_STAFF,
    body: customerUserListRequestSchema,
    data: pageOf(customerUserSchema),
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/CreateUser',
    summary: 'A new user of a company, with a temporary password shown once.',
    permission: CUSTOMER_STAFF,
    body: customerUserCreateRequestSchema,
    data: customerTemporaryPasswordSchema,
  }),
  updateUser: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/UpdateUser',
    summary: "Change a user; new menus apply to the user's next call.",
    permission: CUSTOMER_STAFF,
    body: customerUserUpdateRequestSchema,
    data: z.null(),
  }),
  resetUserPassword: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/ResetUserPassword',
    summary: "A temporary password shown once; the user's sessions end and they must change it.",
    permission: CUSTOMER_STAFF,
    body: customerUserIdRequestSchema,
    data: customerTemporaryPasswordSchema,
  }),
  listMyNumbers: defineEndpoint({
    method: 'POST',
    path: '/Admin/Customers/MyNumbers',
    summary: "A company's own part numbers (spec my_number).",
    permission: CUSTOMER_STAFF,
    body: myNumberListRequestSchema,
    data: pageOf(myNumberSchema),
  }),
} as const;

/**
 * Not a JSON call: multipart/form-data with the field `company_id` first, then `file` (.csv or
 * .xlsx, columns brand, number, my_number; brand may be empty when the number is unique) →
 * `{code, msg, data: MyNumberImportResult}`.
 */
export const MY_NUMBER_IMPORT_PATH = '/Admin/Customers/ImportMyNumbers';
export const MY_NUMBER_FILE_FIELD = 'file';
export const MY_NUMBER_COMPANY_FIELD = 'company_id';
/** A company's numbers fit in a few MB; the buyers' 5 MB cap of spec §9 is theirs alone. */
export const MAX_MY_NUMBER_FILE_BYTES = 10 * 1024 * 1024;
/** Rows a file may hold, its header and blank rows included (under the sheet reader's limit). */
export const MAX_MY_NUMBER_ROWS = 10_000;
