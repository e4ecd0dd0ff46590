/** The back office's inventory pages (their entries are in app/admin/admin-route-table.ts). */
export const PRODUCTS_PATH = '/admin/products';
export const PRODUCT_EDIT_PATH = '/admin/product';
export const PRICE_LEVELS_PATH = '/admin/price-levels';

export const productEditPath = (id: number, tab?: string) =>
  `${PRODUCT_EDIT_PATH}?id=${id}${tab ? `&tab=${tab}` : ''}`;
