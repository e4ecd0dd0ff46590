import { ResultCode } from '@partsportal/contract/codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { parseLanguage } from './language';
import { translate } from './messages';

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
          translate('unknownFields', language, { fields: unknown.join(', ') }),
        );
      }
      const fields = [
        ...new Set(
          error.validation.map(
            (issue) => issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body',
          ),
        ),
      ];
      return send(ResultCode.validation, translate('validation', language, { fields: fields.join(', ') }));
    }

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

    request.log.error({ err: error }, 'unhandled error');
    return send(ResultCode.internal, translate('internal', language));
  });
}
