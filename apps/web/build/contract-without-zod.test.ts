import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@partsportal/contract/endpoint';
import * as orders from '@partsportal/contract/orders';
import { exportSource, moduleSource } from './contract-without-zod';

const ping = defineEndpoint({
  method: 'POST',
  path: '/Web/Ping/{id}',
  summary: 'ping',
  permission: 'signed-in',
  body: z.strictObject({ at: z.number() }),
  params: z.object({ id: z.coerce.number() }),
  data: z.null(),
});

/** Evaluates a written module the way the browser would see its exports. */
const evaluate = (source: string) =>
  import(`data:text/javascript,${encodeURIComponent(source)}`) as Promise<Record<string, unknown>>;

describe('contract modules without zod', () => {
  it('keeps an endpoint’s method and path and drops its schemas', () => {
    expect(exportSource({ ping }, 'x')).toBe('{"ping":{"method":"POST","path":"/Web/Ping/{id}"}}');
    expect(exportSource(z.string(), 'x')).toBeUndefined();
  });

  it('writes plain data as it is', () => {
    expect(exportSource({ a: [1, 'b', null, true], c: { d: 2 } }, 'x')).toBe(
      '{"a":[1,"b",null,true],"c":{"d":2}}',
    );
  });

  it('refuses what it cannot write, naming it', () => {
    expect(() => exportSource({ when: new Date(0) }, 'm: X')).toThrow('m: X.when is a Date');
    expect(() => exportSource([z.string()], 'm: X')).toThrow('m: X[0] is a schema inside a list');
    expect(() => exportSource({ n: Infinity }, 'm: X')).toThrow('m: X.n: Infinity');
  });

  it('gives the web the same paths and constants as the real orders contract, without zod', async () => {
    const source = moduleSource(orders, 'contract/src/orders.ts');
    expect(source).not.toMatch(/_zod|import/);
    const written = await evaluate(source);
    expect(written.orderEndpoints).toEqual(
      Object.fromEntries(
        Object.entries(orders.orderEndpoints).map(([name, e]) => [name, { method: e.method, path: e.path }]),
      ),
    );
    expect(written.BACKORDER_CHOICES).toEqual(orders.BACKORDER_CHOICES);
    // Schemas and functions are left out: importing one fails the build.
    expect(Object.keys(written).some((name) => name.endsWith('Schema'))).toBe(false);
  });
});
