import type { Area } from '@partsportal/contract/addresses';
import { isValidPhone } from '@partsportal/contract/addresses-rules';

export interface AddressFormValues {
  caption: string;
  contact_name: string;
  /** Cascader path; the last entry is the area id. */
  area: number[];
  address: string;
  phone: string;
  is_default: boolean;
}

export type AddressField = 'contact_name' | 'area' | 'address' | 'phone';

export interface AddressProblem {
  field: AddressField;
  /** Locale key of the message (the same words as the server's). */
  messageKey: string;
}

/**
 * Spec §5, in the form's order: recipient, region, detailed address, contact number (present,
 * then the phone rule: mainland China mobile or E.164, see isValidPhone). Values are trimmed
 * first. Every problem is returned at once (issue 17 item 9: one error per save made the buyer
 * save up to five times), in that order, one per field.
 */
export function validateAddress(values: AddressFormValues): AddressProblem[] {
  const problems: AddressProblem[] = [];
  if (!values.contact_name.trim())
    problems.push({ field: 'contact_name', messageKey: 'address.contactRequired' });
  const areaId = values.area[values.area.length - 1];
  if (!areaId) problems.push({ field: 'area', messageKey: 'address.areaRequired' });
  if (!values.address.trim()) problems.push({ field: 'address', messageKey: 'address.detailRequired' });
  if (!values.phone.trim()) problems.push({ field: 'phone', messageKey: 'address.phoneRequired' });
  else if (!isValidPhone(values.phone)) problems.push({ field: 'phone', messageKey: 'address.phoneInvalid' });
  return problems;
}

/** The AddAddress / UpdateAddress body of valid form values. */
export function toAddressFields(values: AddressFormValues) {
  return {
    caption: values.caption.trim(),
    contact_name: values.contact_name.trim(),
    area_id: values.area[values.area.length - 1] ?? 0,
    address: values.address.trim(),
    phone: values.phone.trim(),
    is_default: values.is_default,
  };
}

/** Cascader path of an area id (editing an address): from its country (level 2) down. */
export function areaPath(areaId: number, areas: readonly Area[]): number[] {
  const byId = new Map(areas.map((a) => [a.id, a]));
  const path: number[] = [];
  let current = byId.get(areaId);
  while (current && current.id !== 0 && !path.includes(current.id)) {
    path.unshift(current.id);
    if (current.level <= 2 || current.parent_id === null) break;
    current = byId.get(current.parent_id);
  }
  return path;
}
