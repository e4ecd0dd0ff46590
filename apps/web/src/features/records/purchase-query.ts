import {
  PURCHASE_LINE_SORTS,
  PURCHASE_SORTS,
  PURCHASE_STATES,
  type PurchaseLineListRequest,
  type PurchaseListRequest,
} from '@partsportal/contract/records';
import { dayField, defineRecordQuery, enumField, textField } from '@shared/records/record-query';

/** The purchase list's filters, kept in the URL query. */
export const purchaseQuery = defineRecordQuery({
  fields: {
    from: dayField('from'),
    to: dayField('to'),
    no: textField('no'),
    state: enumField('state', PURCHASE_STATES),
    partNumber: textField('pn'),
  },
  sorts: PURCHASE_SORTS,
  request: (filters): Partial<PurchaseListRequest> => ({
    no: filters.no,
    state: filters.state,
    partNumber: filters.partNumber,
  }),
});

/** The line search (`/pur/detailSearch?type=all`); `type` is the menu's marker and is kept. */
export const purchaseLineQuery = defineRecordQuery({
  fields: {
    type: enumField('type', ['all'] as const),
    from: dayField('from'),
    to: dayField('to'),
    partNumber: textField('pn'),
    name: textField('name'),
    no: textField('no'),
  },
  sorts: PURCHASE_LINE_SORTS,
  request: (filters): Partial<PurchaseLineListRequest> => ({
    partNumber: filters.partNumber,
    name: filters.name,
    no: filters.no,
  }),
});
