import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A contract module that needs zod when it runs (not only for its types). */
const RUNTIME_ZOD_IMPORT = /^import\s+(?!type\b)[^;]*?from\s+'zod'/m;

const isSchema = (value: object) => '_zod' in value;

/** What the web client reads of an endpoint descriptor; body, params and data are its types only. */
const isEndpoint = (value: object): value is { method: string; path: string; data: object } =>
  'path' in value &&
  typeof value.path === 'string' &&
  'method' in value &&
  'data' in value &&
  typeof value.data === 'object' &&
  value.data !== null &&
  isSchema(value.data);

/**
 * One exported value as JavaScript source, without its zod schemas: an endpoint descriptor keeps
 * `method` and `path`, a schema is left out (`undefined`), plain data (strings, numbers, arrays,
 * objects of them) is written as it is. Anything else throws, naming `where`: the web would
 * otherwise get a value that differs from what the server runs.
 */
export function exportSource(value: unknown, where: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${where}: ${value} cannot be written as JSON`);
    return String(value);
  }
  if (typeof value === 'function' || typeof value !== 'object')
    throw new Error(`${where} is a ${typeof value}; only data, schemas and endpoints can be written`);
  if (isSchema(value)) return undefined;
  if (isEndpoint(value)) return JSON.stringify({ method: value.method, path: value.path });
  if (Array.isArray(value))
    return `[${value
      .map((item, index) => {
        const source = exportSource(item, `${where}[${index}]`);
        if (source === undefined) throw new Error(`${where}[${index}] is a schema inside a list`);
        return source;
      })
      .join(',')}]`;
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    throw new Error(`${where} is a ${value.constructor.name}; only plain objects can be written`);
  const fields = Object.entries(value).flatMap(([key, item]) => {
    const source = exportSource(item, `${where}.${key}`);
    return source === undefined ? [] : [`${JSON.stringify(key)}:${source}`];
  });
  return `{${fields.join(',')}}`;
}

/**
 * The module's exports written as constants. Functions and schemas are left out: the web imports
 * schemas as types only, and importing anything left out fails the build (a missing export), so
 * a page that starts to need one at run time is found, not shipped broken.
 */
export function moduleSource(exports: Record<string, unknown>, file: string): string {
  const lines = [`// ${file} without zod: the values the web client reads (build/contract-without-zod.ts)`];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'function') continue;
    const source = exportSource(value, `${file}: ${name}`);
    if (source !== undefined) lines.push(`export const ${name} = ${source};`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The web client reads only the `method` and `path` of the contract's endpoint descriptors and
 * some constants; the schemas are the server's validation and the web's types. Importing an area
 * at run time still evaluated all of its zod schemas and put zod (~25 KB gzip) into the first
 * load of every page that makes a call (decision 031). In the build, each contract module that
 * imports zod at run time is replaced by its exports, evaluated in Node by Vite's module runner and
 * written as constants. Development (`vite`) and the unit tests keep the real modules.
 */
export function contractWithoutZod(contractSrc: string): Plugin {
  const root = path.resolve(contractSrc) + path.sep;
  return {
    name: 'partsportal:contract-without-zod',
    apply: 'build',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(root) || !file.endsWith('.ts') || file.endsWith('.test.ts')) return null;
      const source = await fs.readFile(file, 'utf8');
      if (!RUNTIME_ZOD_IMPORT.test(source)) return null;
      const { runnerImport } = await import('vite');
      const { module } = await runnerImport<Record<string, unknown>>(file, {
        configFile: false,
        root: path.dirname(file),
        logLevel: 'error',
      });
      return moduleSource(module, path.relative(path.dirname(root), file));
    },
  };
}
