import fs from 'node:fs';
import path from 'node:path';
import type { AuthContext } from '../../platform/auth-context';
import type { Repositories } from '../../repositories';
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

  return {
    async picture(auth: AuthContext, id: string, size: 'thumb' | 'big'): Promise<string | undefined> {
      const [productId, view] = id.split('-').map(Number);
      const product = await repo.pictureFacts(productId ?? 0, auth.accountId);
      if (!product) return undefined;
      const index = view ?? 1;
      if (size === 'big' && index > Math.max(1, product.images.length)) return undefined;
      return renderProductPicture({
        brand: product.brand,
        number: product.number,
        partType: product.part_type ?? '',
        view: index,
        size,
      });
    },

    async attachment(auth: AuthContext, requested: string | undefined): Promise<string | undefined> {
      if (!requested || requested.length > 300 || requested.includes('\0')) return undefined;
      if (!(await repo.listsFile(auth.accountId, requested))) return undefined;
      const full = path.resolve(root, requested);
      if (!full.startsWith(root + path.sep)) return undefined;
      try {
        const real = fs.realpathSync(full);
        if (!real.startsWith(fs.realpathSync(root) + path.sep) || !fs.statSync(real).isFile())
          return undefined;
        return real;
      } catch {
        return undefined;
      }
    },
  };
}

export type CatalogFiles = ReturnType<typeof createCatalogFiles>;
