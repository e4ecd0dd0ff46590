import { supersessionOperations } from '@partsportal/contract/integration-batch';
import type { BatchUpsertsService } from '../integration/batch-upserts.service';
import { batchCall } from '../integration/batch.routes';
import { handle, type OperationRegistration } from '../integration/integration-api';
import { createSupersessionBatches } from './supersession-batches';

/** The integrators' supersession and substitute batches (/api/v1), one line each. */
export function supersessionRoutes(batches: BatchUpsertsService): OperationRegistration[] {
  const ops = supersessionOperations;
  const service = createSupersessionBatches(batches);
  return [
    handle(ops.upsertSupersessions, (input) =>
      service.upsertSupersessions(batchCall(ops.upsertSupersessions, input), input.body.rows),
    ),
    handle(ops.deleteSupersessions, (input) =>
      service.deleteSupersessions(batchCall(ops.deleteSupersessions, input), input.body.rows),
    ),
    handle(ops.upsertSubstitutes, (input) =>
      service.upsertSubstitutes(batchCall(ops.upsertSubstitutes, input), input.body.rows),
    ),
    handle(ops.deleteSubstitutes, (input) =>
      service.deleteSubstitutes(batchCall(ops.deleteSubstitutes, input), input.body.rows),
    ),
  ];
}
