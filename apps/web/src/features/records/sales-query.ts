import {
  CARGO_STATES,
  SALES_LINE_SORTS,
  SALES_SORTS,
  SALES_STATES,
  type SalesLineListRequest,
  type SalesListRequest,
} from '@partsportal/contract/records';
import { dayField, defineRecordQuery, enumField, textField } from '@shared/records/record-query';

/** The sales list's filters, kept in the URL query (`/sales/index?from=…&cargo=shipped`). */
export const salesQuery = defineRecordQuery({
  fields: {
    from: dayField('from'),
    to: dayField('to'),
    no: textField('no'),
    state: enumField('state', SALES_STATES),
    cargoState: enumField('cargo', CARGO_STATES),
    logisticsNo: textField('lno'),
    partNumber: textField('pn'),
  },
  sorts: SALES_SORTS,
  request: (filters): Partial<SalesListRequest> => ({
    no: filters.no,
    state: filters.state,
    cargo_state: filters.cargoState,
    logistics_no: filters.logisticsNo,
    partNumber: filters.partNumber,
  }),
});

/** The line search (`/sales/detailSearch`). */
export const salesLineQuery = defineRecordQuery({
  fields: {
    from: dayField('from'),
    to: dayField('to'),
    partNumber: textField('pn'),
    name: textField('name'),
    no: textField('no'),
  },
  sorts: SALES_LINE_SORTS,
  request: (filters): Partial<SalesLineListRequest> => ({
    partNumber: filters.partNumber,
    name: filters.name,
    no: filters.no,
  }),
});
