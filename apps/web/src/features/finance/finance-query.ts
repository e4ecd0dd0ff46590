import { PAYMENT_SORTS, type PaymentListRequest } from '@partsportal/contract/finance';
import { dayField, defineRecordQuery, textField } from '@shared/records/record-query';

/** The payment history's filters (`/Payment/index?from=…&no=…`). */
export const paymentQuery = defineRecordQuery({
  fields: { from: dayField('from'), to: dayField('to'), no: textField('no', 64) },
  sorts: PAYMENT_SORTS,
  request: (filters): Partial<PaymentListRequest> => ({ no: filters.no }),
});

/** The statement's range and page (`/finance/account?from=…&to=…`); it has no sort. */
export const statementQuery = defineRecordQuery({
  fields: { from: dayField('from'), to: dayField('to') },
  sorts: [] as const,
  request: () => ({}),
});
