/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DOCS_API_COMMAND,
  collectEndpoints,
  describeFields,
  describePermission,
  loadContractEndpoints,
  renderCallIndex,
  replaceGeneratedSection,
  GENERATED_BEGIN,
  GENERATED_END,
} from './api-doc';
import { defineEndpoint } from './endpoint';

const apiDoc = new URL('../../../docs/API.md', import.meta.url);

describe('docs/API.md call index', () => {
  it('is generated from the current contract', async () => {
    const endpoints = await loadContractEndpoints();
    const current = readFileSync(apiDoc, 'utf8');
    const expected = replaceGeneratedSection(current, renderCallIndex(endpoints));
    // A plain boolean check first, so the failure says what to do instead of dumping a diff.
    expect(
      current === expected,
      `docs/API.md is behind the contract: run \`${DOCS_API_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('lists every endpoint descriptor, the four issue 12 found missing included', async () => {
    const paths = (await loadContractEndpoints()).map(({ endpoint }) => endpoint.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/Web/GetCatalogFilters',
        '/Web/GetProductDetail/{id}',
        '/Web/GetStockProductList',
        '/Web/GetVehicleTree',
      ]),
    );
    expect(new Set(paths).size, 'two descriptors share a path').toBe(paths.length);
  });
});

describe('call index rendering', () => {
  const sample = defineEndpoint({
    method: 'POST',
    path: '/Web/Sample/{id}',
    summary: 'A | piped summary.',
    permission: ['1006', 'show_address'],
    params: z.strictObject({ id: z.number() }),
    body: z.strictObject({ a: z.string(), b: z.number().optional() }).nullish(),
    data: z.null(),
  });

  it('finds descriptors in maps and as plain exports, and ignores everything else', () => {
    const found = collectEndpoints({
      'b.ts': { sampleEndpoints: { sample }, other: { x: 1 }, n: 3 },
      'a.ts': { sample },
    });
    expect(found.map(({ file, name }) => `${file}:${name}`)).toEqual([
      'a.ts:sample',
      'b.ts:sampleEndpoints.sample',
    ]);
  });

  it('names fields, optional ones with ?, and grants with their menu names', () => {
    expect(describeFields(sample.body)).toBe('`a`, `b?`');
    expect(describeFields(z.strictObject({}).nullish())).toBe('–');
    expect(describePermission(['1006', 'show_address'])).toBe('`1006` cart or `show_address`');
    expect(describePermission('signed-in')).toBe('signed-in');
    const table = renderCallIndex([{ file: 'a.ts', name: 'sample', endpoint: sample }]);
    expect(table).toContain(
      '| `POST /Web/Sample/{id}` | `1006` cart or `show_address` | `id` | `a`, `b?` | A \\| piped summary. | `sample` |',
    );
  });

  it('replaces only the text between the markers', () => {
    const doc = `# API\nprose before\n${GENERATED_BEGIN}\nold\n${GENERATED_END}\nprose after\n`;
    expect(replaceGeneratedSection(doc, 'new')).toBe(
      `# API\nprose before\n${GENERATED_BEGIN}\n\nnew\n\n${GENERATED_END}\nprose after\n`,
    );
    expect(() => replaceGeneratedSection('# API\n', 'new')).toThrow(/markers/);
  });
});
