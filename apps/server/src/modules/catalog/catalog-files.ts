import fs from 'node:fs';
import path from 'node:path';
import type { AuthContext } from '../../platform/auth-context';
import type { Repositories } from '../../repositories';
import { PICTURE_CONTENT_TYPES } from '../inventory/upload-types';
import { renderProductPicture } from './product-picture';

/**
 * Pictures and attachments behind the token links. An attachment is served only when
 * (1) a product of the caller's account lists exactly that path and (2) its bytes are in
 * `product_files` under that account, or the path resolves to a regular file inside the product
 * files folder — so `../`, absolute paths, links out of the
 * folder and files no product names are all unreachable.
 */
export function createCatalogFiles(deps: { repos: Repositories; productFilesDir: string }) {
  const root = path.resolve(deps.productFilesDir);
  const repo = deps.repos.catalog;

  /** A regular file inside the product files folder, or undefined (never a path outside it). */
  function fileInside(requested: string): string | undefined {
    const full = path.resolve(root, requested);
    if (!full.startsWith(root + path.sep)) return undefined;
    try {
      const real = fs.realpathSync(full);
      if (!real.startsWith(fs.realpathSync(root) + path.sep) || !fs.statSync(real).isFile()) return undefined;
      return real;
    } catch {
      return undefined;
    }
  }

  /**
   * Picture `index` (1-based) of a product of the account: the uploaded file when the back
   * office stored one (issue 14), else the drawn SVG (the demo's names point at no file).
   */
  async function pictureOf(
    accountId: number,
    productId: number,
    index: number,
    size: 'thumb' | 'big',
  ): Promise<{ type: string; body: string | Buffer } | undefined> {
    const product = await repo.pictureFacts(productId, accountId);
    if (!product) return undefined;
    if (size === 'big' && index > Math.max(1, product.images.length)) return undefined;
    const stored = product.images[index - 1];
    if (stored?.startsWith('pictures/')) {
      const kept = await deps.repos.inventory.fileContent(accountId, stored);
      if (kept) return { type: kept.contentType, body: kept.data };
    }
    const file = stored?.startsWith('pictures/') ? fileInside(stored) : undefined;
    const type = file ? PICTURE_CONTENT_TYPES[path.extname(file).slice(1)] : undefined;
    if (file && type) return { type, body: await fs.promises.readFile(file) };
    return {
      type: 'image/svg+xml',
      body: renderProductPicture({
        brand: product.brand,
        number: product.number,
        partType: product.part_type ?? '',
        view: index,
        size,
      }),
    };
  }

  /**
   * A PDF a product of the account lists: its bytes from the database, else (a file listed before
   * files moved there, or the demo's shared files) from inside PRODUCT_FILES_DIR.
   */
  async function attachmentOf(accountId: number, requested: string | undefined) {
    if (!requested || requested.length > 300 || requested.includes('\0')) return undefined;
    const listedName = await repo.listedFileName(accountId, requested);
    if (listedName === undefined) return undefined;
    const name = listedName || path.basename(requested);
    const kept = await deps.repos.inventory.fileContent(accountId, requested);
    if (kept) return { name, data: kept.data };
    const file = fileInside(requested);
    return file ? { name, data: await fs.promises.readFile(file) } : undefined;
  }

  return {
    pictureOf,

    async picture(auth: AuthContext, id: string, size: 'thumb' | 'big') {
      const [productId, view] = id.split('-').map(Number);
      return pictureOf(auth.accountId, productId ?? 0, view ?? 1, size);
    },

    attachment: (auth: AuthContext, requested: string | undefined) => attachmentOf(auth.accountId, requested),
    attachmentOf,
  };
}

export type CatalogFiles = ReturnType<typeof createCatalogFiles>;
