import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { loggerOptions, requestLoggerFactory } from './logging';

/** Fastify's own settings: logging, request ids, body limit, proxy trust and shutdown. */
export function serverOptions(config: Config, logStream?: NodeJS.WritableStream): FastifyServerOptions {
  const childLoggerFactory = requestLoggerFactory(config.logLevel);
  return {
    logger: loggerOptions(config.logLevel, logStream),
    ...(childLoggerFactory ? { childLoggerFactory } : {}),
    // A caller's well-formed X-Request-Id is kept, so one id follows a request across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  };
}
