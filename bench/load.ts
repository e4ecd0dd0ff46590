import autocannon from 'autocannon';

export interface Call {
  path: string;
  body: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  requests: number;
  /** Socket errors, timeouts, non-2xx statuses and answers whose envelope code is not 200. */
  errors: number;
  /** The first refused answer, to say why. */
  firstError?: string;
}

/**
 * autocannon against 127.0.0.1 with POST calls chosen per request; bounded by `seconds`, or by
 * `amount` requests when given. Every answer's envelope code is checked: the API answers refusals
 * with HTTP 200, which autocannon alone would count as success.
 */
export async function loadCalls(
  url: string,
  token: string,
  next: () => Call,
  options: { connections: number; seconds: number; amount?: number },
): Promise<LoadResult> {
  let refused = 0;
  let firstError: string | undefined;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.amount ? { amount: options.amount } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const call = next();
          return {
            ...request,
            path: call.path,
            body: call.body,
            headers: { 'content-type': 'application/json', token },
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          const code = /"code":(\d+)/.exec(body)?.[1];
          if (code !== '200') {
            refused++;
            firstError ??= body.slice(0, 200);
          }
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx + refused,
    ...(firstError ? { firstError } : {}),
  };
}
