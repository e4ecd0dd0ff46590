/**
 * Looks for secrets in server log text (issue 8, item 6): the given tokens and passwords
 * verbatim, plus anything shaped like a session token (43 base64url characters, the encoding of
 * newToken's 32 bytes) or a 64-digit hex string (a SHA-256, e.g. a token hash or a signature),
 * which no log line has a reason to carry. Used by session-defences.test.ts on an in-process log
 * and by the browser suite's global setup on the e2e server's log file.
 */
export interface LogScan {
  lines: number;
  /** Known tokens and passwords found verbatim. */
  secretHits: string[];
  /** Token- or hash-shaped strings found (masked to their first 6 characters in this report). */
  tokenShaped: string[];
}

const TOKEN_SHAPED = /(?<![A-Za-z0-9_-])(?:[A-Za-z0-9_-]{43}|[0-9a-f]{64})(?![A-Za-z0-9_-])/g;

export function scanLogForSecrets(text: string, secrets: { tokens: string[]; passwords: string[] }): LogScan {
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;
  const secretHits = [
    ...secrets.tokens.filter((token) => token !== '' && text.includes(token)).map(mask),
    // A password is reported by name only; the log report must not repeat it.
    ...secrets.passwords
      .filter((password) => password !== '' && text.includes(password))
      .map(() => 'password'),
  ];
  const tokenShaped = [...new Set(text.match(TOKEN_SHAPED) ?? [])].map(mask);
  return { lines, secretHits, tokenShaped };
}

const mask = (value: string) => `${value.slice(0, 6)}…`;
