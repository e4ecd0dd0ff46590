import type { FastifyServerOptions } from 'fastify';

/** `?token=…` of the image/download links must never reach a log line. */
export const redactUrl = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[REDACTED]');

/** JSON logs (pino) with secrets redacted (brief §5). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        'req.body.confirm_passwrod',
        'req.body.current_password',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
