import fs from 'node:fs';
import path from 'node:path';
import type { AuthContext } from '../../platform/auth-context';
import type { Repositories } from '../../repositories';
import { PICTURE_CONTENT_TYPES } from '../inventory/upload-types';
import { renderProductPicture } from './product-picture';

/**
 * Pictures and attachments behind the token links. An attachment is served only when
 * (1) a product of the caller's account lists exactly that path and (2) the path resolves to a
 * regular file inside the product files folder — so `../`, absolute paths, links out of the
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

  return {
    pictureOf,

    async picture(auth: AuthContext, id: string, size: 'thumb' | 'big') {
      const [productId, view] = id.split('-').map(Number);
      return pictureOf(auth.accountId, productId ?? 0, view ?? 1, size);
    },

    async attachment(auth: AuthContext, requested: string | undefined): Promise<string | undefined> {
      if (!requested || requested.length > 300 || requested.includes('\0')) return undefined;
      if (!(await repo.listsFile(auth.accountId, requested))) return undefined;
      return fileInside(requested);
    },
  };
}

export type CatalogFiles = ReturnType<typeof createCatalogFiles>;
