import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

/** An error shaped as `pg` reports a server message (fields as in pg-protocol's DatabaseError). */
const pgError = (message: string, code: string, severity = 'ERROR') =>
  Object.assign(new Error(message), { code, severity });

describe('isDatabaseUnavailable', () => {
  it('recognizes a lost or refused database, also inside a drizzle wrapper', () => {
    expect(
      isDatabaseUnavailable(pgError('terminating connection due to administrator command', '57P01', 'FATAL')),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(pgError('database "x" is not currently accepting connections', '55000', 'FATAL')),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', {
      cause: pgError('the database system is starting up', '57P03', 'FATAL'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('recognizes the PostgreSQL timeouts of config.ts (DB_*_TIMEOUT_MS)', () => {
    // pg's own errors: no connection in time (new or from the pool), no answer in time.
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Failed query: select 1', { cause: new Error('Query read timeout') })),
    ).toBe(true);
    // The server's: statement_timeout, idle_in_transaction_session_timeout (FATAL).
    expect(isDatabaseUnavailable(pgError('canceling statement due to statement timeout', '57014'))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        pgError('terminating connection due to idle-in-transaction timeout', '25P03', 'FATAL'),
      ),
    ).toBe(true);
  });

  it('leaves request and code errors to the internal-error path', () => {
    expect(isDatabaseUnavailable(pgError('syntax error at or near "x"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('cannot refresh concurrently', '55000'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('new row violates check constraint', '23514'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('a string')).toBe(false);
  });
});
