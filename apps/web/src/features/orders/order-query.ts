import {
  ORDER_LINE_SORTS,
  ORDER_LIST_SORTS,
  ORDER_STATES,
  type OrderLineListRequest,
  type OrderListRequest,
} from '@partsportal/contract/orders';
import {
  dayField,
  defineRecordQuery,
  enumField,
  enumListField,
  textField,
} from '@shared/records/record-query';

/** `type=all` is the menu's marker (spec §2); it is kept so the tab and the menu agree. */
const menuMarker = enumField('type', ['all'] as const);

/** Everything that decides what /order/index shows; it lives in the URL query. */
export const orderListQuery = defineRecordQuery({
  fields: {
    type: menuMarker,
    from: dayField('from'),
    to: dayField('to'),
    no: textField('no', 40),
    // States arrive as one comma-separated parameter, in the contract's order.
    states: enumListField('state', ORDER_STATES),
    partNumber: textField('part', 60),
    fromSystem: textField('channel', 40),
  },
  sorts: ORDER_LIST_SORTS,
  request: (filters): Partial<OrderListRequest> => ({
    no: filters.no,
    states: filters.states,
    partNumber: filters.partNumber,
    fromSystem: filters.fromSystem,
  }),
});

/** /order/detailSearch: lines across orders. */
export const orderLineQuery = defineRecordQuery({
  fields: {
    type: menuMarker,
    from: dayField('from'),
    to: dayField('to'),
    no: textField('no', 40),
    partNumber: textField('part', 60),
    name: textField('name', 60),
  },
  sorts: ORDER_LINE_SORTS,
  request: (filters): Partial<OrderLineListRequest> => ({
    no: filters.no,
    partNumber: filters.partNumber,
    name: filters.name,
  }),
});
