import { describe, expect, it } from 'vitest';
import type { Row } from './report';
import { mergeResults, parseResults, updateDocument, type ScenarioResult } from './results-file';

const row = (scenario: string, value: number, extra: Partial<Row> = {}): Row => ({
  scenario,
  metric: `${scenario} p97.5 at 50 connections`,
  value,
  unit: 'ms',
  ...extra,
});
const result = (date: string, rows: Row[], notes: string[] = []): ScenarioResult => ({
  date,
  machine: '2 × test cpu',
  seconds: 12,
  loadAverage: 0.5,
  rows,
  notes,
});

describe('bench results file', () => {
  it('a run of one scenario replaces only that scenario and keeps the others with their dates', () => {
    const before = mergeResults(
      parseResults(undefined),
      {
        http: result('2026-11-20T10:00:00.000Z', [row('http floor', 5)]),
        catalog: result('2026-11-20T11:00:00.000Z', [row('catalogue', 80), row('catalogue', 90)]),
      },
      new Date('2026-11-20T12:00:00Z'),
    );
    const after = mergeResults(
      parseResults(JSON.stringify(before)),
      { catalog: result('2026-11-22T09:00:00.000Z', [row('catalogue', 8)]) },
      new Date('2026-11-22T09:10:00Z'),
    );
    expect(after.scenarios.http).toEqual(before.scenarios.http);
    expect(after.scenarios.catalog?.rows.map((r) => r.value)).toEqual([8]);
    expect(after.updated).toBe('2026-11-22T09:10:00.000Z');
  });

  it('regenerates one table and the notes between their markers, leaving other sections alone', () => {
    const results = mergeResults(
      parseResults('not json'),
      {
        catalog: result(
          '2026-11-22T09:00:00.000Z',
          [row('catalogue', 12.5, { target: 'p95 ≤ 10 ms', pass: false, rps: 900 })],
          ['### Plans\n\nIndex Scan'],
        ),
        http: result('2026-11-21T09:00:00.000Z', [
          {
            scenario: 'http floor',
            metric: 'GET /healthz',
            value: 9000,
            unit: 'req/s',
            baseline: { name: 'bare node:http', value: 10000 },
            ratio: 0.9,
            target: '≥ 0.9×',
            pass: true,
          },
        ]),
      },
      new Date('2026-11-22T09:10:00Z'),
    );
    const doc = [
      '# Performance',
      '',
      'intro',
      '<!-- bench:table -->',
      'old table',
      '<!-- /bench:table -->',
      '<!-- bench:notes -->',
      'old notes',
      '<!-- /bench:notes -->',
      '',
      '<!-- web-build -->',
      'web sizes',
      '<!-- /web-build -->',
      '',
    ].join('\n');
    const updated = updateDocument(doc, results, ['http', 'catalog']);
    expect(updated).not.toContain('old table');
    expect(updated).not.toContain('old notes');
    expect(updated.startsWith('# Performance\n\nintro\n')).toBe(true);
    expect(updated.endsWith('<!-- web-build -->\nweb sizes\n<!-- /web-build -->\n')).toBe(true);
    const tableRows = updated
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    // Header, then http before catalog (the registry's order), each with its own date.
    expect(tableRows[1]).toBe(
      '| http floor | GET /healthz | – | – | 9000 | – | 10000 req/s (bare node:http) | 0.90× | ≥ 0.9× | yes | 2026-11-21 |',
    );
    expect(tableRows[2]).toBe(
      '| catalogue | catalogue p97.5 at 50 connections | – | 12.50 ms (p97.5) | 900 | – | – | – | p95 ≤ 10 ms | **NO** | 2026-11-22 |',
    );
    expect(updated).toContain(
      '<!-- bench:notes:catalog -->\n### Plans\n\nIndex Scan\n<!-- /bench:notes:catalog -->',
    );
    expect(updated).toContain('1 of 2 targets missed.');
    // Regenerating again changes nothing.
    expect(updateDocument(updated, results, ['http', 'catalog'])).toBe(updated);
  });
});
