import type { InventoryProduct, updateProductRequestSchema } from '@partsportal/contract/inventory';
import type { z } from 'zod';

/** The edit form's values: the product's fields, numbers as the inputs hold them. */
export interface ProductForm {
  number: string;
  brand_id: number;
  part_type_id: number | null;
  name_zh: string;
  name_en: string;
  name_es: string;
  unit: string;
  price: string;
  weight: string;
  buy_qty: number;
  is_new: boolean;
  remark: string;
  pro_params: Array<{ name: string; value: string }>;
}

type UpdateBody = Omit<z.input<typeof updateProductRequestSchema>, 'id'>;

export function toProductForm(product: InventoryProduct): ProductForm {
  return {
    number: product.number,
    brand_id: product.brand_id,
    part_type_id: product.part_type_id,
    name_zh: product.name_zh,
    name_en: product.name_en,
    name_es: product.name_es,
    unit: product.unit,
    price: product.price,
    weight: product.weight ?? '',
    buy_qty: product.buy_qty,
    is_new: product.is_new,
    remark: product.remark,
    pro_params: product.pro_params,
  };
}

const sameNumber = (a: string, b: string) => a.trim() !== '' && b.trim() !== '' && Number(a) === Number(b);

/**
 * The fields the member changed, as UpdateProduct takes them: text trimmed, "12.50" equal to
 * "12.5", an emptied weight sent as null, a cleared part type as null. Nothing changed → {}.
 */
export function changedProductFields(before: ProductForm, after: ProductForm): UpdateBody {
  const body: UpdateBody = {};
  for (const field of ['number', 'name_zh', 'name_en', 'name_es', 'unit', 'remark'] as const) {
    const value = (after[field] ?? '').trim();
    if (value !== before[field].trim()) body[field] = value;
  }
  if (after.brand_id !== before.brand_id) body.brand_id = after.brand_id;
  const partType = after.part_type_id ?? null;
  if (partType !== before.part_type_id) body.part_type_id = partType;
  if (!sameNumber(after.price, before.price)) body.price = after.price.trim();
  const weight = (after.weight ?? '').trim();
  if (weight === '' ? before.weight !== '' : !sameNumber(weight, before.weight)) body.weight = weight || null;
  const buyQty = after.buy_qty ?? 0;
  if (buyQty !== before.buy_qty) body.buy_qty = buyQty;
  if (Boolean(after.is_new) !== before.is_new) body.is_new = Boolean(after.is_new);
  const params = (after.pro_params ?? []).map((p) => ({
    name: (p.name ?? '').trim(),
    value: (p.value ?? '').trim(),
  }));
  if (JSON.stringify(params) !== JSON.stringify(before.pro_params)) body.pro_params = params;
  return body;
}
