/** The back office's inventory pages (their entries are in app/admin/admin-route-table.ts). */
export const PRODUCTS_PATH = '/admin/products';
export const PRICE_LEVELS_PATH = '/admin/prices';

/** One product opens inside the products page (`?id=`), so the sidebar keeps "Products" selected. */
export const productEditPath = (id: number, tab?: string) =>
  `${PRODUCTS_PATH}?id=${id}${tab ? `&tab=${tab}` : ''}`;
