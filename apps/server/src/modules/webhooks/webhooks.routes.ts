import { webhookOperations, type webhookDeliveriesQuerySchema } from '@partsportal/contract/webhooks';
import type { z } from 'zod';
import { ApiProblem, handle, type OperationRegistration } from '../integration/integration-api';
import { keyActor, WebhookRefusal, type WebhooksService } from './webhooks.service';

/** A path parameter as a positive id; anything else is an id no key has. */
const idParam = (request: { params: unknown }, name: string) => {
  const value = Number((request.params as Record<string, string>)[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
};

/** The service's refusals as problem answers in the caller's language. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WebhookRefusal)) throw error;
    if (error.reason === 'scopeMissing') throw new ApiProblem(403, 'scopeMissing', error.params);
    throw new ApiProblem(
      404,
      error.reason === 'notFound' ? 'webhookNotFound' : 'webhookDeliveryNotFound',
      error.params,
    );
  }
}

/** The webhook operations of /api/v1 (contract: packages/contract/src/webhooks.ts). */
export function webhooksRoutes(webhooks: WebhooksService): OperationRegistration[] {
  return [
    handle(webhookOperations.create, ({ key, body }) => answer(() => webhooks.create(key, body))),
    handle(webhookOperations.list, async ({ key }) => ({ webhooks: await webhooks.list(key) })),
    handle(webhookOperations.remove, ({ key, request }) =>
      answer(() => webhooks.remove(key, idParam(request, 'id'), keyActor(key))),
    ),
    handle(webhookOperations.rotate, ({ key, request }) =>
      answer(() => webhooks.rotate(key, idParam(request, 'id'))),
    ),
    handle(webhookOperations.deliveries, ({ key, request, query }) =>
      answer(() =>
        webhooks.deliveries(
          key,
          idParam(request, 'id'),
          query as z.output<typeof webhookDeliveriesQuerySchema>,
        ),
      ),
    ),
    handle(webhookOperations.resend, ({ key, request }) =>
      answer(() => webhooks.resend(key, idParam(request, 'id'), idParam(request, 'delivery_id'))),
    ),
    handle(webhookOperations.ping, ({ key, request }) =>
      answer(() => webhooks.ping(key, idParam(request, 'id'))),
    ),
  ];
}
