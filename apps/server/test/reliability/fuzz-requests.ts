import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteUnderTest } from './access-routes';
import { QUERY_SCHEMAS } from './access-routes';
import type { SentRequest } from './access-world';
import {
  arbitraryFor,
  HOSTILE_SEGMENTS,
  HOSTILE_VALUES,
  hostileValue,
  RAW_NUMBER_LITERALS,
} from './fuzz-arbitraries';

/** Who sends a fuzzed request. */
export type Caller = 'demo' | 'partner' | 'viewer' | 'admin' | 'none' | 'forged';

export interface FuzzRequest extends Omit<SentRequest, 'token'> {
  caller: Caller;
  /** The route template (`METHOD /api/Web/GetOrderDetail/:id`) the request was made for. */
  route: string;
  /** How it was made, for the failure report. */
  mode: string;
}

/** Keys added to objects: prototype pollution, SQL, paths, huge and empty names. */
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'select * from users',
  "' OR 1=1 --",
  '/srv/app/x.ts:1:1',
  'at f (/x.js:1:1)',
  'k'.repeat(300),
  '',
  '🚗',
  'company_id',
  'a.b',
  '$where',
  '%_',
];

const LANGUAGES = ['zh', 'en', 'es', 'xx', '', 'en-US,en;q=0.9', '\u202Ezh', 'z'.repeat(300)];

/** Every path (keys and indexes) into a JSON value, the root included as []. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.slice(0, 5).forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  }
  return out;
}

/** Copy of `value` with the node at `path` replaced (Object.fromEntries keeps `__proto__` as data). */
function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === head ? replaceAt(v, rest, replacement) : v]),
    );
  }
  return value;
}

function addKeyAt(value: unknown, path: (string | number)[], key: string, added: unknown): unknown {
  if (path.length === 0) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries([...Object.entries(value), [key, added]]);
    }
    return Object.fromEntries([[key, added]]);
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? addKeyAt(v, rest, key, added) : v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === head ? addKeyAt(v, rest, key, added) : v]),
    );
  }
  return value;
}

/** A valid body with one node changed to a hostile value, a hostile key added, or replaced whole. */
const mutatedBody = (valid: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      valid,
      fc.nat(),
      hostileValue,
      fc.constantFrom(...HOSTILE_KEYS),
      fc.constantFrom('replace', 'replace', 'replace', 'add-key', 'whole'),
    )
    .map(([body, pick, hostile, key, how]) => {
      const paths = pathsOf(body);
      const path = paths[pick % paths.length]!;
      if (how === 'whole') return { body: hostile, mode: 'mutated:whole' };
      if (how === 'add-key') return { body: addKeyAt(body, path, key, hostile), mode: 'mutated:add-key' };
      return { body: replaceAt(body, path, hostile), mode: `mutated:${path.join('.') || 'root'}` };
    });

/** Raw JSON text: a number swapped for a literal JSON cannot carry (NaN, 1e309 …), or broken JSON. */
const rawBody = (valid: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      valid,
      fc.constantFrom(...RAW_NUMBER_LITERALS),
      fc.nat(),
      fc.constantFrom('number', 'truncate', 'bom'),
    )
    .map(([body, literal, pick, how]) => {
      const text = JSON.stringify(body ?? {});
      if (how === 'truncate')
        return { raw: text.slice(0, pick % Math.max(1, text.length)), mode: 'raw:truncated' };
      if (how === 'bom') return { raw: `\uFEFF${text}`, mode: 'raw:bom' };
      const numbers = [...text.matchAll(/(?<=[:[,])-?\d+(\.\d+)?([eE][+-]?\d+)?/g)];
      const target = numbers[pick % Math.max(1, numbers.length)];
      if (!target || target.index === undefined) {
        return {
          raw:
            text.startsWith('{') && text !== '{}' ? `{"n":${literal},${text.slice(1)}` : `{"n":${literal}}`,
          mode: `raw:${literal}`,
        };
      }
      return {
        raw: `${text.slice(0, target.index)}${literal}${text.slice(target.index + target[0].length)}`,
        mode: `raw:${literal}`,
      };
    });

const callerArbitrary = fc.constantFrom<Caller>(
  'demo',
  'demo',
  'demo',
  'demo',
  'demo',
  'demo',
  'demo',
  'partner',
  'admin',
  'viewer',
  'none',
  'forged',
);

const segmentArbitrary = (schema: z.ZodType | undefined, ids: number[]) =>
  fc.oneof(
    {
      weight: 2,
      arbitrary: (schema ? arbitraryFor(schema) : fc.constant(1)).map((v) => encodeURIComponent(String(v))),
    },
    { weight: 2, arbitrary: fc.constantFrom(...ids.map(String)) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  );

/** Requests for one route: valid (from its schemas), mutated and raw bodies, hostile params. */
export function requestsFor(
  route: RouteUnderTest,
  ids: number[],
  idOverride: (key: string) => fc.Arbitrary<unknown> | undefined,
): fc.Arbitrary<FuzzRequest> {
  const endpoint = route.endpoint;
  const paramNames = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const paramSchema = (name: string) =>
    endpoint?.params
      ? (endpoint.params as unknown as { shape?: Record<string, z.ZodType> }).shape?.[name]
      : undefined;
  const url = fc
    .tuple(...paramNames.map((name) => segmentArbitrary(paramSchema(name), ids)))
    .map((segments) => {
      let i = 0;
      return route.url.replace(/:(\w+)|\*/g, () => segments[i++] ?? '1');
    });
  const querySchema = endpoint ? QUERY_SCHEMAS[endpoint.path] : undefined;
  const query = fc.option(
    fc.dictionary(
      fc.constantFrom('id', 'path', 'data', 'token', 'page', 'company_id'),
      fc.oneof(
        fc.constantFrom(
          ...HOSTILE_SEGMENTS.map((s) => decodeURIComponent(s.replace(/%(?![0-9A-F]{2})/g, '%25'))),
        ),
        fc.constantFrom(...ids.map(String)),
        fc.string({ maxLength: 20 }),
      ),
      { maxKeys: 3 },
    ),
    { nil: undefined, freq: querySchema || route.method === 'GET' ? 1 : 5 },
  );
  const headers = fc.record(
    {
      lng: fc.constantFrom(...LANGUAGES),
      'idempotency-key': fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('', ' ', 'k'.repeat(5000), "' OR 1=1 --", '%_%', '../x', '\t'),
      ),
    },
    { requiredKeys: [] },
  );

  if (!endpoint || route.method === 'GET') {
    // Links, pages and files: params and query strings are all there is to fuzz.
    const body =
      route.method === 'POST'
        ? fc.oneof(
            fc.constant({
              raw: undefined as string | undefined,
              mode: 'empty',
              contentType: undefined as string | undefined,
            }),
            fc.string({ maxLength: 200 }).map((raw) => ({
              raw,
              mode: 'raw:multipart-garbage',
              contentType: 'multipart/form-data; boundary=x',
            })),
            fc
              .constantFrom(...HOSTILE_VALUES.slice(0, 30))
              .map((v) => ({ raw: JSON.stringify(v), mode: 'raw:json', contentType: 'application/json' })),
          )
        : fc.constant({
            raw: undefined as string | undefined,
            mode: 'get',
            contentType: undefined as string | undefined,
          });
    return fc.record({ url, query, headers, caller: callerArbitrary, body }).map((r) => ({
      method: route.method,
      url: r.url,
      caller: r.caller,
      route: `${route.method} ${route.url}`,
      mode: r.body.mode,
      ...(r.query ? { query: r.query } : {}),
      ...(r.body.raw === undefined ? {} : { raw: r.body.raw }),
      headers: { ...r.headers, ...(r.body.contentType ? { 'content-type': r.body.contentType } : {}) },
    }));
  }

  const valid = arbitraryFor(endpoint.body, { override: idOverride });
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: valid.map((b) => ({
        body: b as unknown,
        raw: undefined as string | undefined,
        mode: 'valid',
      })),
    },
    { weight: 5, arbitrary: mutatedBody(valid).map((m) => ({ ...m, raw: undefined as string | undefined })) },
    { weight: 1, arbitrary: rawBody(valid).map((r) => ({ ...r, body: undefined as unknown })) },
  );
  return fc.record({ url, query, headers, caller: callerArbitrary, body }).map((r) => ({
    method: route.method,
    url: r.url,
    caller: r.caller,
    route: `${route.method} ${route.url}`,
    mode: r.body.mode,
    ...(r.query ? { query: r.query } : {}),
    ...(r.body.raw === undefined ? { body: r.body.body ?? null } : { raw: r.body.raw }),
    headers: r.headers,
  }));
}
