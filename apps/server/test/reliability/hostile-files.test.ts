import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { MatchResult } from '@partsportal/contract/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/db/seed/demo-data';
import {
  readZipDirectory,
  scanXmlParts,
  SpreadsheetRejected,
} from '../../src/modules/cart/spreadsheet-guard';
import { multipart } from '../cart-test-files';
import { createTestApp, type TestApp } from '../test-app';
import { reportFigures } from './figures';
import {
  HANDLED_MESSAGES,
  hostileFiles,
  plainList,
  utf16Doctype,
  type HostileFile,
} from './hostile-spreadsheets';

// Issue 8, item 5 (ASVS 5.0 V5.2, API4:2023): every hostile upload is refused or handled in
// under 2 s beyond what a plain import costs in the same run, the server's memory stays within
// 100 MB of where it started, nothing is polluted.
const TIME_LIMIT_MS = 2000;
const MEMORY_LIMIT_MIB = 100;

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp({
    seed: (database) =>
      seedDemoData(database, { parts: 300, seed: 5, passwordHashMemoryKiB: 1024 }).then(() => undefined),
  });
  token = await t.login('demo', 'demo1234');
}, 120_000);
afterAll(async () => t?.close());

async function upload(filename: string, content: Buffer) {
  const { payload, headers } = multipart(filename, content);
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Web/ImportBill',
    headers: { ...headers, token, lng: 'en' },
    payload,
  });
  const ms = performance.now() - started;
  return { ...(response.json() as { code: number; msg: string; data: MatchResult | null }), ms };
}

const mib = (bytes: number) => bytes / 1024 / 1024;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * Resident memory after full collections, so garbage of earlier steps does not count; V8 hands
 * freed pages back to the system a little after a collection, hence the pause and the second one.
 */
async function settledRss() {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 500));
  collectGarbage();
  return process.memoryUsage().rss;
}

/**
 * Peak resident memory of this process (the server runs in it) while `work` runs: the kernel's
 * high-water mark, reset first through /proc/self/clear_refs; where that is missing (not Linux),
 * samples every 20 ms.
 */
async function measurePeakRss<T>(work: () => Promise<T>) {
  const highWater = () => {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  };
  let kernel = true;
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    kernel = false;
  }
  let sampled = process.memoryUsage().rss;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    return { result, peak: Math.max(sampled, process.memoryUsage().rss, kernel ? highWater() : 0) };
  } finally {
    clearInterval(timer);
  }
}

const inputs = (data: MatchResult | null) => data?.lines.map((line) => line.input) ?? [];

/** What a handled file must have come out as (beyond a handled answer and the time limit). */
function checkHandled(file: HostileFile, answer: Awaited<ReturnType<typeof upload>>) {
  const lines = inputs(answer.data);
  if (file.filename.startsWith('formulas')) {
    // Formula cells give their cached value (B2: 1+2 → 3) or nothing (A5 has no cached value);
    // text that merely starts with "=" stays text and matches nothing.
    expect(lines, file.name).toEqual(['04465-33450', '1K0 698 151 B', "=cmd|' /C calc'!A0"]);
    expect(answer.data?.lines[0]?.qty, file.name).toBe(3);
    expect(answer.data?.lines[2]?.status, file.name).toBe('not_found');
  }
  if (file.filename.startsWith('empty-rows')) expect(lines, file.name).toEqual([]);
  if (file.filename === 'proto.xlsx') expect(lines, file.name).toEqual(['__proto__', '04465-33450']);
}

describe('hostile spreadsheets (issue 8, item 5)', () => {
  it('refuses or handles every hostile file in under 2 s, memory up < 100 MB, no pollution', async () => {
    // One plain import first, so the worker's code is loaded before the baseline is taken.
    expect((await upload('warm.xlsx', plainList())).code).toBe(200);
    // A plain two-line list, three times: what any import costs on this machine right now —
    // mostly starting the parse worker (~0.25 s bundled; under vitest it loads tsx first, which
    // on a busy shared machine has taken 1.8 s). The limit applies to what a file adds to that.
    const plainTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const plain = await upload('plain.xlsx', plainList());
      expect(plain.code).toBe(200);
      plainTimes.push(plain.ms);
    }
    const plainMs = plainTimes.sort((a, b) => a - b)[1]!;
    // Built before the baseline: the test's own 200 MB inputs are not the server's memory.
    const files = await hostileFiles();
    const baseline = await settledRss();
    const results: Array<{ file: HostileFile; code: number; msg: string; ms: number }> = [];
    const { peak } = await measurePeakRss(async () => {
      for (const file of files) {
        const answer = await upload(file.filename, file.content);
        results.push({ file, code: answer.code, msg: answer.msg, ms: answer.ms });
        if ('refused' in file.expect) {
          expect({ code: answer.code, msg: answer.msg }, file.name).toEqual(file.expect.refused);
        } else {
          expect(HANDLED_MESSAGES, `${file.name}: ${answer.code} ${answer.msg}`).toContain(answer.msg);
          checkHandled(file, answer);
        }
      }
    });
    const after = await settledRss();
    const slowest = results.reduce((worst, result) => (result.ms > worst.ms ? result : worst));
    const polluted =
      Object.keys(Object.prototype).length > 0 ||
      ({} as Record<string, unknown>).polluted !== undefined ||
      ({} as Record<string, unknown>).t !== undefined;
    // The server still answers normal calls.
    const cart = await t.call('/Web/GetCartList/0', undefined, { token });
    const figures = {
      files: files.length,
      rejected: results.filter((result) => 'refused' in result.file.expect).length,
      handled: results.filter((result) => 'handled' in result.file.expect).length,
      slowest_ms: Math.round(slowest.ms),
      slowest_file: slowest.file.name,
      plain_ms: Math.round(plainMs),
      slowest_over_plain_ms: Math.round(slowest.ms - plainMs),
      memoryGrowthMiB: Math.round(mib(after - baseline)),
      memoryPeakGrowthMiB: Math.round(mib(peak - baseline)),
      prototypePolluted: polluted,
      serverUp: cart.code === 200,
    };
    reportFigures('hostile-files', figures);
    for (const result of results) expect(result.ms - plainMs, result.file.name).toBeLessThan(TIME_LIMIT_MS);
    expect(figures.memoryPeakGrowthMiB).toBeLessThan(MEMORY_LIMIT_MIB);
    expect(polluted).toBe(false);
    expect(cart.code).toBe(200);
  }, 120_000);
});

describe('regressions found by this suite', () => {
  it('the XML guard refuses a DOCTYPE in a UTF-16 part (SheetJS read it, the byte search missed it)', () => {
    const file = utf16Doctype();
    expect(() => scanXmlParts(file, readZipDirectory(file))).toThrow(SpreadsheetRejected);
  });
});
