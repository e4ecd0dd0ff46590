import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs the child until it has acknowledged `atLeast` commits, then kills it with SIGKILL. */
function commitThenKill(dataDir: string, start: number, atLeast: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, '..', '..', 'test', 'durability-child.ts'), dataDir, String(start)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let acknowledged = 0;
    let buffered = '';
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^committed (\d+)$/.exec(line);
        if (match) acknowledged = Number(match[1]);
      }
      if (acknowledged >= start + atLeast - 1 && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`child exited without being killed: ${errors.slice(0, 500)}`));
    });
  });
}

describe('PGlite durability', () => {
  it(
    'keeps every acknowledged commit through repeated kill -9 (PGlite issue #1065)',
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-durability-'));
      try {
        const acknowledged: number[] = [];
        let next = 1;
        for (let round = 0; round < 3; round++) {
          const last = await commitThenKill(dataDir, next, 25 + round * 10);
          expect(last).toBeGreaterThanOrEqual(next + 24);
          for (let n = next; n <= last; n++) acknowledged.push(n);
          // A gap after each round, so a row the kill interrupted can't collide with the next round.
          next = last + 1000;
        }
        const database = await openDatabase({ dataDir });
        const rows = await database.rows<{ n: number }>(sql`select n from durability_probe order by n`);
        await database.close();
        const present = new Set(rows.map((row) => row.n));
        expect(acknowledged.length).toBeGreaterThanOrEqual(90);
        expect(acknowledged.filter((n) => !present.has(n))).toEqual([]);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
