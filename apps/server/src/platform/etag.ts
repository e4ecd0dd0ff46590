import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * ETag on the reference lists the client asks for again and again (issue 18 item 3: areas,
 * catalogue filters, vehicle tree). These are POST calls, so no HTTP cache stores them; the web
 * client keeps the last answer with its ETag (shared/api/etag-cache.ts) and sends If-None-Match,
 * and an unchanged list comes back as an empty 304 instead of its whole body.
 *
 * The tag is a hash of the serialized answer, so it changes exactly when the bytes would; the
 * handler still runs (the permission check and the query are what decide the answer), only the
 * transfer is saved. `private, no-cache` and `Vary: Token, Lng` keep a shared cache from ever
 * storing or mixing one user's or language's answer with another's.
 */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header (a list, or `*`) names the tag; weak comparison (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = tag.replace(/^W\//, '');
  return header
    .split(',')
    .map((item) => item.trim())
    .some((item) => item === '*' || item.replace(/^W\//, '') === bare);
}

/**
 * A route's onSend hook. It runs before the compression hook (@fastify/compress appends its own
 * to the route), so it sees the serialized JSON. Only a successful envelope gets a tag: an error
 * answer (expired token …) must reach the client every time.
 */
export async function etagOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const head = typeof payload === 'string' ? payload.slice(0, 12) : payload.subarray(0, 12).toString();
  if (!head.startsWith('{"code":200')) return payload;
  const tag = etagOf(payload);
  reply.header('etag', tag).header('cache-control', 'private, no-cache').header('vary', 'Token, Lng');
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return null;
}
