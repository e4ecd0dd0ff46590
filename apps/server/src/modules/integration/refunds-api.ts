import { ResultCode, type Language } from '@partsportal/contract/codes';
import type { refundRequestBodySchema } from '@partsportal/contract/payments-desk';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { RefundsService } from '../payments-desk/refunds.service';
import type { ApiKeyContext } from './api-keys.service';
import { batchCall } from './batch.routes';
import { integrationOperations } from '@partsportal/contract/integration';
import { ApiProblem } from './integration-api';

/** `{id}` of the path: the payment's id (digits) or its number (SK…, as the order feed names it). */
const paymentOf = (request: FastifyRequest): number | string => {
  const id = String((request.params as { id?: string }).id ?? '');
  if (/^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647 && Number(id) > 0) return Number(id);
  if (/^[A-Za-z0-9]{1,64}$/.test(id)) return id;
  throw new ApiProblem(404, 'paymentNotFound', { id: id.slice(0, 64) });
};

/**
 * POST /api/v1/payments/{id}/refunds (issue 19 item 6): the payments desk's refund for the ERP.
 * The Idempotency-Key (checked as the batches check it) is kept with the refund: the same key
 * and body again is the same refund (answered, or retried at the provider under the same refund
 * number), another body 422.
 */
export function createRefundsApi(refunds: RefundsService) {
  return async (input: {
    key: ApiKeyContext;
    body: z.output<typeof refundRequestBodySchema>;
    language: Language;
    request: FastifyRequest;
  }) => {
    const { key, language, request } = input;
    const call = batchCall(integrationOperations.refundPayment, input);
    const payment = paymentOf(request);
    try {
      return await refunds.refund(
        {
          accountId: key.accountId,
          actor: { kind: 'api-key', id: key.keyId, name: key.name, ip: request.ip },
          staffId: null,
        },
        { payment, amount: input.body.amount, reason: input.body.reason },
        call.idempotencyKey === undefined ? undefined : { apiKeyId: key.keyId, key: call.idempotencyKey },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const reason = translate(error.messageKey, language, error.params);
      if (error.code === ResultCode.notFound)
        throw new ApiProblem(404, 'paymentNotFound', { id: String(payment) });
      if (error.messageKey === 'refundIdempotencyReused')
        throw new ApiProblem(422, 'idempotencyKeyReused', { key: call.idempotencyKey!.slice(0, 80) });
      if (error.code === ResultCode.unavailable)
        throw new ApiProblem(502, 'refundProviderUnavailable', { reason });
      throw new ApiProblem(409, 'refundRefused', { reason });
    }
  };
}
