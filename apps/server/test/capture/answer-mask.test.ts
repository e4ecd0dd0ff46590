import { describe, expect, it } from 'vitest';
import { compareCaptures, maskText, type CapturedAnswer } from './answer-mask';

const now = Date.parse('2026-11-24T09:30:00.000Z');
const context = { startedAt: now, endedAt: now + 60_000, tokens: new Map([['tok-demo-123', 'demo']]) };

describe('maskText', () => {
  it('masks tokens, random payment numbers and wall-clock times, and keeps the fixed clock', () => {
    const text = JSON.stringify({
      token: 'tok-demo-123',
      payment_no: 'SB2026061587FECD693DAD92E1',
      qr: 'pay%2FSB2026061587FECD693DAD92E1',
      updated_at: '2026-11-24T09:31:12.345Z',
      seconds: Math.floor(now / 1000) + 5,
      bill_date: '2026-06-15T08:00:01.000Z',
      no: 'PO20260615000592',
    });
    const masked = maskText(text, context);
    expect(masked).toContain('"token":"<token:demo>"');
    expect(masked).toContain('"payment_no":"SB20260615<random>"');
    expect(masked).toContain('pay%2FSB20260615<random>');
    expect(masked).toContain('"updated_at":"<now>"');
    expect(masked).toContain('"seconds":<now-s>');
    expect(masked).toContain('"bill_date":"2026-06-15T08:00:01.000Z"');
    expect(masked).toContain('"no":"PO20260615000592"');
  });
});

describe('compareCaptures', () => {
  const answer = (status: number, body: string): CapturedAnswer => ({
    seq: 0,
    as: 'demo',
    method: 'POST',
    url: '/api/Web/GetUserInfo',
    body: {},
    status,
    headers: { 'content-type': 'application/json' },
    answer: body,
  });

  it('finds nothing between equal captures and names the request of every difference', () => {
    expect(compareCaptures([answer(200, '{"code":200}')], [answer(200, '{"code":200}')])).toEqual([]);
    const differences = compareCaptures([answer(200, '{"code":200}')], [answer(400, '{"code":400}')]);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toContain('demo POST /api/Web/GetUserInfo');
    expect(differences[0]).toContain('status 200 → 400');
    expect(compareCaptures([answer(200, 'x')], [])).toEqual([expect.stringContaining('only in A')]);
    const otherBody = { ...answer(200, '{"code":200}'), body: { lng: 'en' } };
    const [changedRequest] = compareCaptures([answer(200, '{"code":200}')], [otherBody]);
    expect(changedRequest).toContain('request: A demo POST /api/Web/GetUserInfo {}');
    expect(changedRequest).not.toContain('answer:');
  });
});
