// `npm run capture:answers -- <out-prefix>`: walks every route on a fresh demo database (PGlite,
// and PostgreSQL too when TEST_DATABASE_URL is set) and writes <out-prefix>.<database>.jsonl.
// `npm run capture:answers -- --compare A.jsonl B.jsonl`: the count of answers and every difference.
import fs from 'node:fs';
import path from 'node:path';
import { testDatabaseUrl } from '../../src/config';
import { compareCaptures, type CapturedAnswer } from './answer-mask';
import { walkAnswers } from './answer-walk';

const read = (file: string): CapturedAnswer[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CapturedAnswer);

async function main(args: string[]): Promise<number> {
  if (args[0] === '--compare') {
    const [a, b] = args.slice(1);
    if (!a || !b) throw new Error('usage: --compare A.jsonl B.jsonl');
    const left = read(a);
    const right = read(b);
    const differences = compareCaptures(left, right);
    console.log(`A ${a}: ${left.length} answers\nB ${b}: ${right.length} answers`);
    for (const difference of differences) console.log(difference);
    console.log(differences.length === 0 ? 'identical' : `${differences.length} difference(s)`);
    return differences.length === 0 ? 0 : 1;
  }
  const prefix = args[0];
  if (!prefix || prefix.startsWith('-')) throw new Error('usage: <out-prefix> | --compare A.jsonl B.jsonl');
  const kinds = testDatabaseUrl() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  if (!testDatabaseUrl()) console.warn('TEST_DATABASE_URL is not set: PGlite only');
  for (const kind of kinds) {
    const started = Date.now();
    const answers = await walkAnswers({ kind, log: (line) => console.log(`[${kind}] ${line}`) });
    const file = `${prefix}.${kind}.jsonl`;
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, answers.map((answer) => JSON.stringify(answer)).join('\n') + '\n');
    console.log(
      `[${kind}] ${answers.length} answers → ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
