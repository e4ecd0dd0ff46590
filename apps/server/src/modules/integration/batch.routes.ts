import { batchOperations } from '@partsportal/contract/integration-batch';
import type { Operation } from '@partsportal/contract/integration';
import type { FastifyRequest } from 'fastify';
import type { Language } from '@partsportal/contract/codes';
import type { ApiKeyContext } from './api-keys.service';
import type { BatchCall, BatchUpsertsService } from './batch-upserts.service';
import { ApiProblem, handle, type OperationRegistration } from './integration-api';

/** Printable ASCII, as Stripe and the IETF draft allow; a UUID fits easily. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's batch call: who, which operation, the body (hashed) and its `Idempotency-Key`. */
export function batchCall(
  operation: Operation,
  input: { key: ApiKeyContext; body: unknown; language: Language; request: FastifyRequest },
): BatchCall {
  const header = input.request.headers['idempotency-key'];
  const idempotencyKey = Array.isArray(header) ? header[0] : header;
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
    throw new ApiProblem(400, 'badIdempotencyKey');
  return {
    key: input.key,
    operationId: operation.operationId,
    body: input.body,
    idempotencyKey,
    language: input.language,
    ip: input.request.ip,
  };
}

/** The batch upserts of /api/v1 (issue 13 item 3) and their stored answers, one line each. */
export function batchRoutes(batches: BatchUpsertsService): OperationRegistration[] {
  const ops = batchOperations;
  return [
    handle(ops.upsertBrands, (input) => batches.brands(batchCall(ops.upsertBrands, input), input.body.rows)),
    handle(ops.upsertPartTypes, (input) =>
      batches.partTypes(batchCall(ops.upsertPartTypes, input), input.body.rows),
    ),
    handle(ops.upsertStores, (input) => batches.stores(batchCall(ops.upsertStores, input), input.body.rows)),
    handle(ops.upsertVehicles, (input) =>
      batches.vehicles(batchCall(ops.upsertVehicles, input), input.body.rows),
    ),
    handle(ops.upsertProducts, (input) =>
      batches.products(batchCall(ops.upsertProducts, input), input.body.rows),
    ),
    handle(ops.deactivateProducts, (input) =>
      batches.deactivate(batchCall(ops.deactivateProducts, input), input.body.rows),
    ),
    handle(ops.upsertStock, (input) => batches.stock(batchCall(ops.upsertStock, input), input.body.rows)),
    handle(ops.upsertPrices, (input) => batches.prices(batchCall(ops.upsertPrices, input), input.body.rows)),
    handle(ops.upsertCompanies, (input) =>
      batches.companies(batchCall(ops.upsertCompanies, input), input.body.rows),
    ),
    handle(ops.upsertCustomerUsers, (input) =>
      batches.customerUsers(batchCall(ops.upsertCustomerUsers, input), input.body.rows),
    ),
    handle(ops.getBatch, ({ key, request, language }) =>
      batches.find(key, (request.params as { id: string }).id, language),
    ),
  ];
}
