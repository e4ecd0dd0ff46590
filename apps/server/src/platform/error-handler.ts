import { ResultCode } from '@partsportal/contract/codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-unavailable';
import { AppError } from './errors';
import { parseLanguage } from './language';
import { translate } from './messages';

/** A field name as the contract spells them: anything else was made up by the caller. */
const PLAIN_FIELD_NAME = /^[A-Za-z_][\w-]{0,63}$/;

/**
 * Names the fields of a refused request without repeating raw input: a made-up key (SQL, a
 * path, 10 KB of text) is shown as `…`, so a message can never be used to reflect content.
 */
export function describeFields(paths: string[]): string {
  const shown = paths.map((path) =>
    path.split('.').every((part) => PLAIN_FIELD_NAME.test(part) || /^\d{1,6}$/.test(part)) ? path : '…',
  );
  return [...new Set(shown)].join(', ');
}

/**
 * Every failure becomes HTTP 200 `{code, msg, data: null}` with `msg` in the caller's language.
 * Unexpected errors are logged with the request id and answered with a generic text: never a
 * stack trace, SQL or path.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = request.ctx?.language ?? parseLanguage(request.headers.lng);
    const send = (code: number, msg: string) => reply.status(200).send({ code, msg, data: null });

    if (error instanceof AppError)
      return send(error.code, translate(error.messageKey, language, error.params));

    if (hasZodFastifySchemaValidationErrors(error)) {
      const unknown = error.validation
        .filter((issue) => issue.keyword === 'unrecognized_keys')
        .flatMap((issue) => (issue.params as { keys?: string[] }).keys ?? []);
      if (unknown.length > 0) {
        return send(
          ResultCode.validation,
          translate('unknownFields', language, { fields: describeFields(unknown) }),
        );
      }
      const fields = error.validation.map(
        (issue) => issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body',
      );
      return send(
        ResultCode.validation,
        translate('validation', language, { fields: describeFields(fields) }),
      );
    }

    // @fastify/static refuses names it cannot verify (NUL bytes, names longer than the file
    // system allows, non-canonical paths): for the caller that is a file that is not there.
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH')
      return reply.status(404).type('text/plain').send('Not found');

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(ResultCode.validation, translate('badJson', language));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(ResultCode.validation, translate('badContentType', language));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(ResultCode.payloadTooLarge, translate('payloadTooLarge', language));
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return send(ResultCode.validation, translate('badJson', language));
    }
    if (error.statusCode === 413)
      return send(ResultCode.payloadTooLarge, translate('payloadTooLarge', language));

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(ResultCode.unavailable, translate('databaseUnavailable', language));
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(ResultCode.internal, translate('internal', language));
  });
}
