import { DELIVERY_SORTS, type DeliveryListRequest } from '@partsportal/contract/records';
import { dayField, defineRecordQuery, textField } from '@shared/records/record-query';

/** /export/index filters, kept in the URL query. */
export const deliveryQuery = defineRecordQuery({
  fields: { from: dayField('from'), to: dayField('to'), no: textField('no') },
  sorts: DELIVERY_SORTS,
  request: (filters): Partial<DeliveryListRequest> => ({ no: filters.no }),
});
