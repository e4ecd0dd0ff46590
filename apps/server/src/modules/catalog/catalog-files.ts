import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../platform/auth-context';
import { renderProductPicture } from './product-picture';

/**
 * Pictures and attachments behind the token links. An attachment is served only when
 * (1) a product of the caller's account lists exactly that path and (2) the path resolves to a
 * regular file inside the product files folder — so `../`, absolute paths, links out of the
 * folder and files no product names are all unreachable.
 */
export function createCatalogFiles(deps: { database: Database; productFilesDir: string }) {
  const root = path.resolve(deps.productFilesDir);
  const { rows } = deps.database;

  return {
    async picture(auth: AuthContext, id: string, size: 'thumb' | 'big'): Promise<string | undefined> {
      const [productId, view] = id.split('-').map(Number);
      const [product] = await rows<{
        number: string;
        brand: string;
        part_type: string | null;
        images: string[];
      }>(sql`
        select p.number, b.name as brand, pt.name_en as part_type, p.images
        from products p join brands b on b.id = p.brand_id left join part_types pt on pt.id = p.part_type_id
        where p.id = ${productId ?? 0} and p.account_id = ${auth.accountId}`);
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
      const listed = await rows<{ id: number }>(sql`
        select id from products
        where account_id = ${auth.accountId} and files @> ${JSON.stringify([{ path: requested }])}::jsonb
        limit 1`);
      if (listed.length === 0) return undefined;
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
