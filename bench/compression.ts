// Compressed API answers (issue 18 item 3): bytes on the wire and what compressing costs, for a
// catalogue page and the cart, through the real server. The same requests without
// Accept-Encoding are the baseline, interleaved in the same run; raw node:http, so the client
// measures the server's answer and does not spend time decompressing it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { median, notes, rows } from './report';
import { startServer } from './server-process';

const ROUNDS = Number(process.env.BENCH_COMPRESSION_ROUNDS ?? 300);

interface Answer {
  ms: number;
  bytes: number;
  encoding: string;
}

function post(url: string, token: string, body: object, acceptEncoding: string | undefined): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          token,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            bytes,
            encoding: String(response.headers['content-encoding'] ?? 'none'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

export async function compressionScenario() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-compression-'));
  const server = await startServer({ DATA_DIR: dataDir, DEMO_PARTS: '5000', LOG_LEVEL: 'warn' });
  try {
    const login = await fetch(`${server.url}/api/Auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'demo', password: 'demo1234', account_id: 1 }),
    });
    const token = ((await login.json()) as { data: string }).data;
    // A cart of 30 lines, as a workshop's order would be.
    const list = (await (
      await fetch(`${server.url}/api/Web/GetProductList`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ pageSize: 30, inStock: true }),
      })
    ).json()) as { data: { list: Array<{ id: number }> } };
    for (const product of list.data.list)
      await fetch(`${server.url}/api/Web/AddCart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ cpid: product.id, qty: 1 }),
      });

    const calls = [
      {
        name: 'catalogue page (20 rows)',
        path: '/api/Web/GetProductList',
        body: { keyword: 'filter', pageSize: 20 },
      },
      { name: 'cart (30 lines)', path: '/api/Web/GetCartList', body: {} },
    ];
    for (const call of calls) {
      const url = `${server.url}${call.path}`;
      const runs: Record<'none' | 'br' | 'gzip', Answer[]> = { none: [], br: [], gzip: [] };
      for (let i = 0; i < 30; i++) await post(url, token, call.body, 'br');
      for (let round = 0; round < ROUNDS; round++) {
        runs.none.push(await post(url, token, call.body, undefined));
        runs.br.push(await post(url, token, call.body, 'gzip, deflate, br'));
        runs.gzip.push(await post(url, token, call.body, 'gzip'));
      }
      const plainMs = median(runs.none.map((a) => a.ms));
      const plainBytes = median(runs.none.map((a) => a.bytes));
      for (const encoding of ['br', 'gzip'] as const) {
        const answers = runs[encoding];
        const ms = median(answers.map((a) => a.ms));
        const bytes = median(answers.map((a) => a.bytes));
        const encoded = answers.every((a) => a.encoding === encoding);
        rows.push({
          scenario: 'compression',
          metric: `${call.name}: bytes on the wire, ${encoding} vs none (${plainBytes.toLocaleString('en')} B)`,
          value: bytes,
          unit: 'B',
          baseline: { name: 'uncompressed', value: plainBytes },
          ratio: plainBytes / bytes,
          target: '≥ 4× smaller',
          pass: encoded && plainBytes / bytes >= 4,
        });
        rows.push({
          scenario: 'compression',
          metric: `${call.name}: time to the last byte with ${encoding}, median of ${ROUNDS} (cost ${(ms - plainMs).toFixed(2)} ms)`,
          value: ms,
          unit: 'ms',
          median: ms,
          baseline: { name: 'uncompressed', value: plainMs },
          ratio: ms / plainMs,
          target: '≤ 1.10×',
          pass: ms / plainMs <= 1.1,
        });
      }
    }
    notes.push(
      'Compression: Brotli quality 4 and gzip level 6 (apps/server/src/platform/compression.ts), answers ≥ 1 KB; ' +
        'one keep-alive connection, requests interleaved none/br/gzip, raw bytes read (no client decompression).',
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
