import type { ProductDetail } from '@partsportal/contract/catalog';

type Vehicle = ProductDetail['vehicles'][number];

/** Spec §3 vehicle classification, every field, in the spec's order. */
export const VEHICLE_FIELDS = [
  'm1_name',
  'm2_name',
  'm3_name',
  'm3_kw',
  'm3_cc',
  'm3_engine',
  'pl_transmission',
  'pl_fuel',
  'pl_body',
  'pl_front_brake',
  'pl_rear_brake',
  'pl_parking_brake',
  'pl_drive',
  'm3_year',
] as const satisfies readonly (keyof Vehicle)[];

/** Spec §6 switch: some customers know parts by their own numbers. */
export function detailTitle(
  product: Pick<ProductDetail, 'part_name' | 'number' | 'my_number'>,
  showMyNumber: boolean,
): string {
  const number = showMyNumber && product.my_number ? product.my_number : product.number;
  return `${product.part_name} ${number}`;
}

/**
 * A measure as the database keeps it ("1.5840", numeric(…, 4)) without the trailing zeros:
 * "1.584", "2", "0.0047" (issue 17 item 9: the weight printed four decimals). Text in, text out,
 * so no binary float rounds it.
 */
export function trimDecimal(value: string): string {
  if (!/^-?\d+\.\d+$/.test(value)) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}
