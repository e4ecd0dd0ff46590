import { ResultCode, type Language } from '@partsportal/contract/codes';
import { orderDeskOperations } from '@partsportal/contract/order-desk';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { DeskActor, OrderDeskService } from '../order-desk/order-desk.service';
import type { ApiKeyContext } from './api-keys.service';
import { ApiProblem, handle, type OperationRegistration } from './integration-api';

/** The key as the order desk's actor: its account, and the audit log's name for it. */
const actor = (key: ApiKeyContext, request: FastifyRequest): DeskActor => ({
  accountId: key.accountId,
  audit: { kind: 'api-key', id: key.keyId, name: key.name, ip: request.ip },
});

/** `{id}` of the path; anything but a positive int is an unknown order. */
const orderIdOf = (request: FastifyRequest) => {
  const id = Number((request.params as { id?: string }).id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new ApiProblem(404, 'orderNotFound');
  return id;
};

/**
 * The service's refusals as HTTP: unknown order 404, a refusal by state, stock or quantity 409,
 * with the service's own text in the caller's language.
 */
async function asProblem<T>(language: Language, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === ResultCode.notFound) throw new ApiProblem(404, 'orderNotFound');
    throw new ApiProblem(
      error.code === ResultCode.refused || error.code === ResultCode.conflict ? 409 : 422,
      'orderActionRefused',
      {
        detail: translate(error.messageKey, language, error.params),
      },
    );
  }
}

/** The ERP's order actions (issue 13 item 4), through the back office's order desk service. */
export function orderActionRoutes(desk: OrderDeskService): OperationRegistration[] {
  const ops = orderDeskOperations;
  return [
    handle(ops.confirmOrder, ({ key, body, request, language }) =>
      asProblem(language, () => desk.confirm(actor(key, request), orderIdOf(request), body.reason)),
    ),
    handle(ops.rejectOrder, ({ key, body, request, language }) =>
      asProblem(language, () => desk.reject(actor(key, request), orderIdOf(request), body.reason)),
    ),
    handle(ops.cancelOrder, ({ key, body, request, language }) =>
      asProblem(language, () => desk.cancel(actor(key, request), orderIdOf(request), body.reason)),
    ),
    handle(ops.shipOrder, ({ key, body, request, language }) =>
      asProblem(language, () =>
        desk.ship(
          actor(key, request),
          orderIdOf(request),
          {
            storeId: body.store_id,
            carrierName: body.carrier,
            waybill: body.waybill,
            date: body.shipped_at === undefined ? undefined : new Date(body.shipped_at),
            lines: body.lines.map((line) => ({ seq: line.seq, qty: line.qty })),
          },
          language,
        ),
      ),
    ),
  ];
}
