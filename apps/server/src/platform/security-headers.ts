import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Brief §5: CSP, nosniff, frame-ancestors, Referrer-Policy no-referrer. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its CSS-in-JS into <style> tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets, computed once at start-up. @fastify/helmet rebuilds the helmet
 * middleware (parsing every CSP directive) on each request and runs two hooks; our headers are
 * the same for every response, so one precomputed set costs a fraction of that (the /healthz
 * floor in docs/PERFORMANCE.md). Taken from helmet itself, so its defaults stay in force.
 */
export async function computeSecurityHeaders(
  options: FastifyHelmetOptions = HELMET_OPTIONS,
): Promise<ReadonlyArray<readonly [string, string]>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    try {
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const [plain, secured] = await Promise.all([answer(false), answer(true)]);
  const headers: Array<readonly [string, string]> = [];
  for (const [name, value] of Object.entries(secured)) {
    if (name in plain || value === undefined) continue;
    headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return headers;
}

/**
 * Security headers and the request id in one synchronous hook: @fastify/helmet rebuilt the
 * helmet middleware on every request and the id was an async onSend hook (the /healthz floor).
 * They go into Fastify's own header object (`reply.headers`), not onto the raw response: once
 * anything is set on the raw response, Node merges Fastify's headers into it one `setHeader` at a
 * time (a name check, a value check and an array each) before writing; with Fastify's object alone
 * `writeHead` checks and writes them in one pass. Fastify keeps them on error answers too (it drops
 * only content-type and content-length there); security-headers.test.ts checks every kind of answer.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const securityHeaders: Readonly<Record<string, string>> = Object.freeze(
    Object.fromEntries(await computeSecurityHeaders()),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders).header('x-request-id', request.id);
    done();
  });
}
