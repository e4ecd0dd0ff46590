import { createHash } from 'node:crypto';

/** One captured answer, one JSON line of a capture file. */
export interface CapturedAnswer {
  /** Position in the walk (the walk is one fixed sequence on a fresh database). */
  seq: number;
  /** Who asked: anonymous, viewer, demo, partner, admin. */
  as: string;
  method: string;
  url: string;
  body?: unknown;
  status: number;
  headers: Record<string, string>;
  /** The answer's text with its volatile parts masked, or `sha256:<hex> bytes:<n>` for binary. */
  answer: string;
}

/** Headers that differ on every request whatever the code does. */
const VOLATILE_HEADERS = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);

const TEXT_TYPE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/;

/** Real times within this many ms of the capture run are "now" (written by SQL now() or new Date()). */
const NOW_SLACK_MS = 10 * 60_000;

export interface MaskContext {
  /** Real-time window of the run: times inside it came from the wall clock, not the fixed one. */
  startedAt: number;
  endedAt: number;
  /** Session tokens handed out during the walk, replaced by their owner's name. */
  tokens: Map<string, string>;
}

const isNow = (ms: number, context: MaskContext) =>
  ms >= context.startedAt - NOW_SLACK_MS && ms <= context.endedAt + NOW_SLACK_MS;

/**
 * Replaces what changes from run to run: tokens, random hex (payment numbers, hashes of random
 * input), and times of the wall clock (ISO text, epoch seconds and milliseconds).
 */
export function maskText(text: string, context: MaskContext): string {
  let out = text;
  for (const [token, owner] of context.tokens) out = out.split(token).join(`<token:${owner}>`);
  out = out.replace(/(SB\d{8})[0-9A-F]{16}(?![0-9A-Za-z])/g, '$1<random>');
  out = out.replace(/\b[0-9a-f]{32,}\b/g, '<hex>');
  out = out.replace(
    /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:?\d{2})?/g,
    (match) => {
      const ms = Date.parse(
        match.includes('T') || match.endsWith('Z') ? match : `${match.replace(' ', 'T')}Z`,
      );
      return Number.isFinite(ms) && isNow(ms, context) ? '<now>' : match;
    },
  );
  out = out.replace(/\b\d{13}\b/g, (match) => (isNow(Number(match), context) ? '<now-ms>' : match));
  out = out.replace(/\b\d{10}\b/g, (match) => (isNow(Number(match) * 1000, context) ? '<now-s>' : match));
  return out;
}

export function maskAnswer(
  response: { headers: Record<string, unknown>; rawPayload: Buffer },
  context: MaskContext,
): { headers: Record<string, string>; answer: string } {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(response.headers).sort()) {
    if (VOLATILE_HEADERS.has(name)) continue;
    const value = response.headers[name];
    headers[name] = maskText(Array.isArray(value) ? value.join(', ') : String(value), context);
  }
  const type = String(response.headers['content-type'] ?? '');
  const encoded = response.headers['content-encoding'] !== undefined;
  const answer =
    !encoded && (TEXT_TYPE.test(type) || (type === '' && response.rawPayload.length < 4096))
      ? maskText(response.rawPayload.toString('utf8'), context)
      : `sha256:${createHash('sha256').update(response.rawPayload).digest('hex')} bytes:${response.rawPayload.length}`;
  return { headers, answer };
}

/** The walk's answers compared position by position; a difference names the request. */
export function compareCaptures(a: CapturedAnswer[], b: CapturedAnswer[]): string[] {
  const differences: string[] = [];
  const key = (x: CapturedAnswer) => `${x.as} ${x.method} ${x.url} ${JSON.stringify(x.body ?? null)}`;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const left = a[i];
    const right = b[i];
    if (!left || !right) {
      differences.push(`#${i}: only in ${left ? 'A' : 'B'}: ${key((left ?? right)!)}`);
      continue;
    }
    const what: string[] = [];
    // A request the walk builds from the contract changes when the contract does.
    if (key(left) !== key(right)) what.push(`request: A ${key(left)} | B ${key(right)}`);
    if (left.status !== right.status) what.push(`status ${left.status} → ${right.status}`);
    const names = new Set([...Object.keys(left.headers), ...Object.keys(right.headers)]);
    for (const name of [...names].sort()) {
      if (left.headers[name] !== right.headers[name])
        what.push(`header ${name}: ${left.headers[name] ?? '(none)'} → ${right.headers[name] ?? '(none)'}`);
    }
    if (left.answer !== right.answer) what.push(`answer: ${firstDifference(left.answer, right.answer)}`);
    if (what.length > 0) differences.push(`#${i} ${key(left)}\n    ${what.join('\n    ')}`);
  }
  return differences;
}

/** Where two texts part, with a little of each side. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 40);
  return `at ${i}: A …${a.slice(from, i + 80)}… | B …${b.slice(from, i + 80)}…`;
}
