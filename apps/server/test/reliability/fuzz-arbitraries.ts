import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Arbitraries derived by walking zod 4 schemas. zod-fast-check only understands zod 3's
 * internals, so the contract's schemas are read here through `_zod.def` (stable in zod 4).
 */

interface CheckDef {
  check: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  pattern?: RegExp;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  out?: z.ZodType;
  items?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  defaultValue?: unknown;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const checksOf = (schema: z.ZodType): CheckDef[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);

interface Bounds {
  min: number;
  max: number;
  integer: boolean;
}

function numberBounds(schema: z.ZodType): Bounds {
  const bounds: Bounds = { min: -1e6, max: 1e6, integer: false };
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) bounds.integer = true;
    if (check.check === 'greater_than') {
      const value = Number(check.value);
      bounds.min = check.inclusive ? value : value + (bounds.integer ? 1 : Number.EPSILON);
    }
    if (check.check === 'less_than') {
      const value = Number(check.value);
      bounds.max = check.inclusive ? value : value - (bounds.integer ? 1 : Number.EPSILON);
    }
  }
  if (bounds.integer) {
    // `greater_than` may come before `int`: round the bounds once both are known.
    bounds.min = Math.ceil(bounds.min);
    bounds.max = Math.floor(bounds.max);
  }
  return bounds;
}

interface StringBounds {
  minLength: number;
  maxLength: number;
  pattern: RegExp | undefined;
}

function stringBounds(schema: z.ZodType): StringBounds {
  const bounds: StringBounds = { minLength: 0, maxLength: Number.POSITIVE_INFINITY, pattern: undefined };
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') bounds.minLength = check.minimum ?? 0;
    if (check.check === 'max_length') bounds.maxLength = check.maximum ?? bounds.maxLength;
    if (check.check === 'length_equals') bounds.minLength = bounds.maxLength = Number(check.value ?? 0);
    if (check.check === 'string_format' && check.pattern) bounds.pattern = check.pattern;
  }
  return bounds;
}

/** True for a z.strictObject (unknown keys refused). */
export const isStrictObject = (schema: z.ZodType): boolean => {
  const def = defOf(schema);
  return def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type === 'never';
};

/** The object schemas a body may contain (through optional, nullable, arrays, unions …). */
export function objectSchemasOf(schema: z.ZodType, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const children: z.ZodType[] = [];
  if (def.type === 'object') children.push(...Object.values(def.shape ?? {}));
  for (const key of ['innerType', 'element', 'in', 'keyType', 'valueType', 'left', 'right'] as const) {
    const child = def[key];
    if (child) children.push(child);
  }
  children.push(...(def.options ?? []), ...(def.items ?? []));
  if (def.type === 'lazy' && def.getter) children.push(def.getter());
  return [...(def.type === 'object' ? [schema] : []), ...children.flatMap((c) => objectSchemasOf(c, seen))];
}

export interface WalkOptions {
  /** Longest string generated (the schema's own maximum may be far larger, e.g. 1,000,000). */
  maxStringLength?: number;
  /** Longest array generated. */
  maxArrayLength?: number;
  /** Values for object keys by name (ids of a given company, for instance); undefined = generate. */
  override?: (key: string, schema: z.ZodType) => fc.Arbitrary<unknown> | undefined;
}

/** A fast-check arbitrary of values the schema accepts (best effort: refinements are not inverted). */
export function arbitraryFor(schema: z.ZodType, options: WalkOptions = {}): fc.Arbitrary<unknown> {
  const maxString = options.maxStringLength ?? 40;
  const maxArray = options.maxArrayLength ?? 4;
  const walk = (node: z.ZodType): fc.Arbitrary<unknown> => {
    const def = defOf(node);
    switch (def.type) {
      case 'string': {
        const b = stringBounds(node);
        const maxLength = Math.max(b.minLength, Math.min(b.maxLength, maxString));
        if (b.pattern) {
          const pattern = b.pattern;
          return fc
            .stringMatching(pattern)
            .filter((s) => s.length >= b.minLength && s.length <= Math.min(b.maxLength, maxString * 4));
        }
        return fc.string({ unit: 'grapheme', minLength: b.minLength, maxLength });
      }
      case 'number': {
        const b = numberBounds(node);
        if (b.integer) {
          return fc.integer({
            min: Math.max(b.min, Number.MIN_SAFE_INTEGER),
            max: Math.min(b.max, Number.MAX_SAFE_INTEGER),
          });
        }
        return fc.double({ min: b.min, max: b.max, noNaN: true, noDefaultInfinity: true });
      }
      case 'int':
        return fc.integer();
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
        return fc.constant(undefined);
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'optional':
        return fc.option(walk(def.innerType!), { nil: undefined, freq: 3 });
      case 'nullable':
        return fc.option(walk(def.innerType!), { nil: null, freq: 3 });
      case 'default':
      case 'prefault':
        return fc.option(walk(def.innerType!), { nil: undefined, freq: 3 });
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return walk(def.innerType!);
      case 'pipe':
        return walk(def.in!);
      case 'lazy':
        return walk(def.getter!());
      case 'array': {
        const b = stringBounds(node);
        return fc.array(walk(def.element!), {
          minLength: b.minLength,
          maxLength: Math.max(b.minLength, Math.min(b.maxLength, maxArray)),
        });
      }
      case 'tuple':
        return fc.tuple(...(def.items ?? []).map(walk));
      case 'union':
        return fc.oneof(...(def.options ?? []).map(walk));
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 8 }), walk(def.valueType!), { maxKeys: 3 });
      case 'object': {
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, child] of Object.entries(def.shape ?? {})) {
          record[key] = options.override?.(key, child) ?? walk(child);
        }
        return fc
          .record(record)
          .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return walk(schema);
}

/**
 * One small valid value, deterministic: numbers at their lower bound (at least 1), the first
 * enum entry or union option; optional fields present unless `requiredOnly` (a list call then
 * runs without filters, so it shows everything the caller may see).
 */
export function sampleFor(
  schema: z.ZodType,
  options: { override?: (key: string) => unknown; requiredOnly?: boolean } = {},
): unknown {
  const { override, requiredOnly = false } = options;
  const walk = (node: z.ZodType): unknown => {
    const def = defOf(node);
    switch (def.type) {
      case 'string': {
        const b = stringBounds(node);
        if (b.pattern) {
          const [value] = fc.sample(
            fc.stringMatching(b.pattern).filter((s) => s.length >= b.minLength && s.length <= b.maxLength),
            { numRuns: 1, seed: 1 },
          );
          return value;
        }
        return 'x'.repeat(Math.max(1, b.minLength));
      }
      case 'number': {
        const b = numberBounds(node);
        return Math.min(b.max, Math.max(b.min, 1));
      }
      case 'int':
        return 1;
      case 'boolean':
        return false;
      case 'null':
        return null;
      case 'undefined':
      case 'void':
        return undefined;
      case 'literal':
        return def.values?.[0];
      case 'enum':
        return Object.values(def.entries ?? {})[0];
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return walk(def.innerType!);
      case 'pipe':
        return walk(def.in!);
      case 'lazy':
        return walk(def.getter!());
      case 'array': {
        const b = stringBounds(node);
        return Array.from({ length: Math.max(1, b.minLength) }, () => walk(def.element!));
      }
      case 'tuple':
        return (def.items ?? []).map(walk);
      case 'union':
        return walk(def.options![0]!);
      case 'record':
        return {};
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(def.shape ?? {})) {
          const given = override?.(key);
          const optional = ['optional', 'default', 'prefault'].includes(defOf(child).type);
          if (given === undefined && requiredOnly && optional) continue;
          const value = given === undefined ? walk(child) : given;
          if (value !== undefined) out[key] = value;
        }
        return out;
      }
      default:
        return null;
    }
  };
  return walk(schema);
}

/** Keys of the object a body schema describes (unwrapping nullish), or [] when it is no object. */
export function bodyKeys(schema: z.ZodType): string[] {
  let node = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = defOf(node);
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    if (!def.innerType) return [];
    node = def.innerType;
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Hostile values for mutated requests

const deepNesting = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

/** Values that are valid JSON but wrong in type, size, range or content. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  -0.5,
  0.5,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e300,
  -1e300,
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  'null',
  'x'.repeat(70_000),
  '9'.repeat(400),
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  'select * from users where 1=1',
  '%',
  '_',
  '%_%',
  '\\',
  '\\%',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚗🔧',
  'Ｗ６１０／３',
  'ǅǆǄ İı ß ﬁ',
  '\u202Egnp.exe',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '__proto__',
  [],
  [null],
  Array.from({ length: 6000 }, (_, i) => i + 1),
  {},
  { $gt: '' },
  deepNesting(60),
  deepNesting(2000),
];

/** Number literals JSON.stringify cannot write: spliced into the raw body text instead. */
export const RAW_NUMBER_LITERALS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '-0',
  '123456789012345678901234567890',
  '0x10',
  '01',
];

export const hostileValue = fc.constantFrom(...HOSTILE_VALUES);

/** Hostile strings for path parameters and query strings. */
export const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999',
  '%27%20OR%201%3D1--',
  '%25',
  '_',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%9A%97',
  '%E2%80%AE',
  'x'.repeat(2000),
  '1-99',
  '1--1',
  ' 1',
];
