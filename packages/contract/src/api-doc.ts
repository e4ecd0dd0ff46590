/// <reference types="node" />
// A Node tool (the docs script and its test); the web app never imports this file.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { MENU_CODES, isStaffPermission, type Endpoint, type Permission } from './endpoint';

/**
 * The call index of docs/API.md, generated from the endpoint descriptors (issue 12 item 8: a
 * hand-kept table missed GetCatalogFilters, GetProductDetail, GetStockProductList and
 * GetVehicleTree). `npm run docs:api` rewrites the text between the two markers; everything
 * outside them stays hand-written. `api-doc.test.ts` fails when the file is behind the contract.
 */
export const GENERATED_BEGIN =
  '<!-- BEGIN GENERATED: call index. Run `npm run docs:api`; edits between these markers are overwritten. -->';
export const GENERATED_END = '<!-- END GENERATED: call index -->';
export const DOCS_API_COMMAND = 'npm run docs:api';

export interface DocumentedEndpoint {
  /** Contract file the descriptor lives in, e.g. `catalog.ts`. */
  file: string;
  /** Export and key, e.g. `catalogEndpoints.getProductList`. */
  name: string;
  endpoint: Endpoint;
}

const isEndpoint = (value: unknown): value is Endpoint => {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Endpoint>;
  return (
    (candidate.method === 'POST' || candidate.method === 'GET') &&
    typeof candidate.path === 'string' &&
    typeof candidate.summary === 'string' &&
    candidate.permission !== undefined &&
    candidate.body !== undefined
  );
};

/** Every endpoint descriptor exported by the given modules (an export that is a map of them). */
export const collectEndpoints = (modules: Record<string, Record<string, unknown>>): DocumentedEndpoint[] => {
  const found: DocumentedEndpoint[] = [];
  for (const file of Object.keys(modules).sort()) {
    const exports = modules[file] ?? {};
    for (const [exportName, value] of Object.entries(exports)) {
      if (isEndpoint(value)) {
        found.push({ file, name: exportName, endpoint: value });
        continue;
      }
      if (typeof value !== 'object' || value === null) continue;
      for (const [key, entry] of Object.entries(value)) {
        if (isEndpoint(entry)) found.push({ file, name: `${exportName}.${key}`, endpoint: entry });
      }
    }
  }
  return found;
};

const CONTRACT_SOURCE = new URL('./', import.meta.url);

/** Imports every contract file (not tests, not this one) and collects its endpoints. */
export const loadContractEndpoints = async (): Promise<DocumentedEndpoint[]> => {
  const files = readdirSync(fileURLToPath(CONTRACT_SOURCE)).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'api-doc.ts',
  );
  const modules: Record<string, Record<string, unknown>> = {};
  for (const file of files) {
    modules[file] = (await import(
      pathToFileURL(fileURLToPath(new URL(file, CONTRACT_SOURCE))).href
    )) as Record<string, unknown>;
  }
  return collectEndpoints(modules);
};

const grantNames: Record<string, string> = Object.fromEntries(
  Object.entries(MENU_CODES).map(([key, code]) => [code, key.replace(/([A-Z])/g, ' $1').toLowerCase()]),
);

export const describePermission = (permission: Permission): string => {
  if (permission === 'public' || permission === 'signed-in') return permission;
  if (isStaffPermission(permission)) {
    // Owner passes every staff call; the table names it so the role walk reads straight off it.
    const roles = ['owner', ...permission.staff.filter((role) => role !== 'owner')];
    return `staff: ${roles.join(', ')}${permission.secondFactor === 'pending' ? ' (before the second factor too)' : ''}`;
  }
  return permission
    .map((grant) => (grantNames[grant] ? `\`${grant}\` ${grantNames[grant]}` : `\`${grant}\``))
    .join(' or ');
};

interface ZodInternals {
  _zod: { def: { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType } };
}

const objectShape = (schema: z.ZodType): Record<string, z.ZodType> | undefined => {
  const def = (schema as unknown as ZodInternals)._zod.def;
  if (def.type === 'object') return def.shape;
  if (
    def.innerType &&
    ['optional', 'nullable', 'default', 'readonly', 'catch', 'prefault'].includes(def.type)
  ) {
    return objectShape(def.innerType);
  }
  if (def.type === 'pipe' && def.in) return objectShape(def.in);
  return undefined;
};

const isOptionalField = (schema: z.ZodType) => schema.safeParse(undefined).success;

/** Top-level fields of a schema: `a, b?` (`?` = may be left out); `–` when there are none. */
export const describeFields = (schema: z.ZodType | undefined): string => {
  if (!schema) return '–';
  const shape = objectShape(schema);
  if (!shape) return (schema as unknown as ZodInternals)._zod.def.type;
  const keys = Object.keys(shape);
  if (keys.length === 0) return '–';
  return keys.map((key) => `\`${key}${shape[key] && isOptionalField(shape[key]) ? '?' : ''}\``).join(', ');
};

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The markdown between the markers: one table per contract file, calls in declaration order. */
export const renderCallIndex = (endpoints: readonly DocumentedEndpoint[]): string => {
  const lines: string[] = [
    `Every call the contract declares (${endpoints.length}), one table per contract file. Fields marked`,
    '`?` may be left out; the sections under "Calls" add the rules and the shapes of the answers.',
  ];
  const files = [...new Set(endpoints.map((entry) => entry.file))];
  for (const file of files) {
    lines.push(
      '',
      `### \`packages/contract/src/${file}\``,
      '',
      '| call | permission | path params | body | summary | descriptor |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const { name, endpoint, file: entryFile } of endpoints) {
      if (entryFile !== file) continue;
      const params = endpoint.params ? describeFields(endpoint.params) : '–';
      lines.push(
        `| \`${endpoint.method} ${endpoint.path}\` | ${describePermission(endpoint.permission)} | ${params} | ${describeFields(endpoint.body)} | ${escapeCell(endpoint.summary)} | \`${name}\` |`,
      );
    }
  }
  return lines.join('\n');
};

/** `markdown` with the text between the markers replaced; throws when the markers are missing. */
export const replaceGeneratedSection = (markdown: string, generated: string): string => {
  const begin = markdown.indexOf(GENERATED_BEGIN);
  const end = markdown.indexOf(GENERATED_END);
  if (begin < 0 || end < begin) {
    throw new Error(`docs/API.md needs the markers\n${GENERATED_BEGIN}\n${GENERATED_END}`);
  }
  return `${markdown.slice(0, begin + GENERATED_BEGIN.length)}\n\n${generated}\n\n${markdown.slice(end)}`;
};
