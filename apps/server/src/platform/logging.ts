import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

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

type LogMethod = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger that becomes the real pino child (with the request id) only when a line is
 * written. Fastify makes a child logger for every request; below `info` no request line is
 * written (no "incoming request", no "request completed"), so that child — an object plus its
 * bindings serialized — was made for nothing on almost every request (the /healthz floor in
 * docs/PERFORMANCE.md). A warning or error still goes out through the child, request id included.
 */
class DeferredRequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;

  constructor(parent: ParentLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #write(method: LogMethod, args: unknown[]): void {
    if (this.#child === undefined && this.#parent.isLevelEnabled?.(method) === false) return;
    (this.#logger()[method] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Levels at which Fastify writes a line for every request; `silent` has no logger at all. */
const EAGER_CHILD_LEVELS = new Set(['trace', 'debug', 'info', 'silent']);

/**
 * Fastify's `childLoggerFactory`: the deferred logger above when request lines are off at `level`;
 * Fastify's own (an eager pino child) otherwise, and for routes with their own level or serializers.
 */
export function requestLoggerFactory(level: string): ChildLoggerFactory | undefined {
  if (EAGER_CHILD_LEVELS.has(level)) return undefined;
  return (logger, bindings, options) =>
    options.level !== undefined || options.serializers !== undefined
      ? logger.child(bindings, options)
      : (new DeferredRequestLogger(logger, bindings) as unknown as FastifyBaseLogger);
}
