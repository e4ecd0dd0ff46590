import {
  MIN_PREFIX_LENGTH,
  type CatalogRow,
  type ProductDetail,
  type ProductRow,
  type productListRequestSchema,
  type stockProductListRequestSchema,
  type vehicleTreeRequestSchema,
} from '@partsportal/contract/catalog';
import type { Language } from '@partsportal/contract/codes';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { notFound } from '../../platform/errors';
import type {
  CatalogRepository,
  HydratedHit,
  Hydration,
  ProductHydration,
  SearchFilters,
  SearchHit,
  SearchQuery,
} from './catalog.repository';
import type { Repositories } from '../../repositories';
import {
  equivalentsOf,
  replacedBy,
  successorOfPart,
  successorsOf,
  successorsOfNumber,
} from '../supersessions/equivalents';
import { MAX_EQUIVALENTS } from '@partsportal/contract/supersessions';

/** Results offered as "did you mean" when nothing matched a number. */
const SIMILAR_LIMIT = 20;
const MIN_SIMILAR_LENGTH = 4;

/**
 * Words for the name search: lower case, LIKE wildcards escaped (so `%` and `_` match
 * themselves), single Latin letters dropped (they match everything and defeat the index).
 * A keyword made only of number-like words ("0986 494 123", "W 610/3") is a number search:
 * no name words, so a typed number never scans the names.
 */
export function searchWords(keyword: string): string[] {
  const words = keyword
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 2 || /[^\p{ASCII}]/u.test(word));
  if (!words.some((word) => !/\d/.test(word))) return [];
  return words.slice(0, 8).map((word) => word.replace(/[\\%_]/g, (char) => `\\${char}`));
}

/**
 * The part search, tier by tier: numbers that equal or start with the key, then (only when
 * those found nothing) numbers that contain it, then "did you mean" by similarity. The buyers'
 * catalogue and the back office's product list both search through here (issue 14 item 4).
 */
export async function searchProducts(
  repo: CatalogRepository,
  input: {
    companyId: number | null;
    keyword: string;
    filters: SearchFilters;
    sort: SearchQuery['sort'];
    order: SearchQuery['order'];
    page: number;
    pageSize: number;
    /**
     * The buyers' list: the page's product rows come with the hits, from the search's own
     * statement (repo.searchRows, issue 20); "did you mean" hits come without.
     */
    hydration?: Hydration;
  },
): Promise<{ hits: Array<SearchHit | HydratedHit>; total: number; capped: boolean }> {
  const keyword = input.keyword.trim();
  const key = normalizePartNumber(keyword);
  const { filters } = input;
  const offset = (input.page - 1) * input.pageSize;
  const query: SearchQuery = {
    companyId: input.companyId,
    key,
    words: searchWords(keyword),
    usePrefix: key.length >= MIN_PREFIX_LENGTH,
    useInfix: false,
    sort: input.sort,
    order: input.order,
    limit: input.pageSize,
    offset,
  };
  // A page past the end of a search comes back empty and so without its total; only then
  // (never on a page with rows) the first row of the same search is read for the total, so
  // the answer keeps it and says whether it is a lower bound instead of claiming "0".
  const searchPage = async (q: SearchQuery) => {
    const hits = input.hydration
      ? await repo.searchRows(q, filters, input.hydration)
      : await repo.search(q, filters);
    const head =
      hits[0] ?? (q.offset > 0 ? (await repo.search({ ...q, limit: 1, offset: 0 }, filters))[0] : undefined);
    return { hits, total: head?.total ?? 0, capped: head?.capped ?? false };
  };
  let found = await searchPage(query);
  // Numbers that equal or start with the key are what buyers mean; looking inside numbers
  // (a trigram scan, the costliest tier) runs only when those found nothing at all.
  if (query.usePrefix && found.total === 0) {
    found = await searchPage({ ...query, useInfix: true });
  }
  if (found.total === 0 && key.length >= MIN_SIMILAR_LENGTH) {
    // "Did you mean": at most SIMILAR_LIMIT suggestions, paged here so every page the
    // total promises has rows.
    const similar = await repo.similar(key, filters, SIMILAR_LIMIT);
    found = { hits: similar.slice(offset, offset + input.pageSize), total: similar.length, capped: false };
  }
  return found;
}

export const productPictureUrl = (id: number) => `/Product/ProductPic/${id}`;
export const productImageUrl = (id: number, index: number) => `/Product/ProductBigId/${id}-${index}`;

/**
 * Every read here may be a moment stale (the catalogue changes by imports, not by the buyer), so
 * all of it is `readRepos`: the read replica when one is configured (decision 027).
 */
export function createCatalogService(deps: { readRepos: Repositories; now?: () => Date }) {
  const repo = deps.readRepos.catalog;
  const now = deps.now ?? (() => new Date());

  async function rowsFor(
    auth: AuthContext,
    hits: readonly (Pick<SearchHit, 'id' | 'kind' | 'value'> & { product?: ProductHydration })[],
    language: Language,
  ) {
    // A hydrating search brought the rows along; only other hits are read here.
    const products = hits.every((hit) => hit.product)
      ? hits.map((hit) => hit.product!)
      : await repo.productRows(
          hits.map((hit) => hit.id),
          auth.companyId,
          language,
        );
    const byId = new Map(products.map((product) => [product.id, product]));
    return hits.flatMap((hit) => {
      const product = byId.get(hit.id);
      if (!product) return [];
      const stores = product.stores;
      const row: ProductRow & { detail: typeof product } = {
        id: product.id,
        part_name: product.part_name,
        number: product.number,
        factory: product.factory,
        brand_id: product.brand_id,
        part_type: product.part_type ?? '',
        my_number: product.my_number ?? '',
        contrastNumber: product.numbers,
        make_names: product.make_names,
        model_displays: product.model_displays,
        unit: product.unit,
        weight: product.weight,
        volumn: product.volumn,
        stock: stores.reduce((sum, store) => sum + store.stock, 0),
        available_stock: stores.reduce((sum, store) => sum + store.available_stock, 0),
        stores,
        price: product.price,
        currency: product.currency,
        last_price: product.last_price,
        last_qty: product.last_qty,
        buy_qty: product.buy_qty,
        salecount: product.salecount,
        is_new: product.is_new,
        market_time: product.market_time === null ? null : Number(product.market_time),
        pic: productPictureUrl(product.id),
        match: { kind: hit.kind as ProductRow['match']['kind'], value: hit.value },
        detail: product,
      };
      return [row];
    });
  }

  return {
    async productList(
      auth: AuthContext,
      body: z.output<typeof productListRequestSchema>,
      language: Language,
    ) {
      const found = await searchProducts(repo, {
        companyId: auth.companyId,
        keyword: body.keyword,
        filters: {
          accountId: auth.accountId,
          brandIds: body.brandIds,
          partTypeIds: body.partTypeIds,
          isNew: body.isNew,
          inStock: body.inStock,
          vehicleId: body.vehicle?.vehicleId,
          make: body.vehicle?.make || undefined,
          model: body.vehicle?.model || undefined,
          year: body.vehicle?.year,
        },
        sort: body.sort,
        order: body.order,
        page: body.page,
        pageSize: body.pageSize,
        hydration: { companyId: auth.companyId, language },
      });
      const list = (await rowsFor(auth, found.hits, language)).map(({ detail: _detail, ...row }) => row);
      // Decision 019, for this page only: the searched number's successors (page 1), each row's
      // successor, and equivalents in stock of the rows out of stock.
      const keyword = body.keyword.trim();
      const key = normalizePartNumber(keyword);
      const askNumber =
        body.page === 1 && key.length >= MIN_PREFIX_LENGTH && searchWords(keyword).length === 0;
      const successors = await successorsOf(deps.readRepos, auth.accountId, [
        ...list.map((row) => ({ brandId: row.brand_id, key: normalizePartNumber(row.number) })),
        ...(askNumber ? [{ brandId: null, key }] : []),
      ]);
      const followed = askNumber
        ? successorsOfNumber(successors, key).filter((s) => s.product_id !== null)
        : [];
      const replacementRows = (
        await rowsFor(
          auth,
          [...new Set(followed.map((s) => s.product_id!))].map((id) => ({ id, kind: 'none', value: '' })),
          language,
        )
      ).map(({ detail: _detail, ...row }) => {
        const from = followed.find((s) => s.product_id === row.id)!;
        return { ...row, replaces: { number: from.old_number, factory: from.old_brand, note: from.note } };
      });
      // Successors of replacement rows themselves are already followed to the newest number.
      const successorsFor = new Map(
        [...list, ...replacementRows].map((row) => [row.id, successorOfPart(successors, row)]),
      );
      const outOfStock = [...list, ...replacementRows].filter((row) => row.available_stock <= 0);
      const equivalents = await equivalentsOf(
        deps.readRepos,
        auth,
        [...new Map(outOfStock.map((row) => [row.id, row])).values()].map((row) => ({
          id: row.id,
          successorId: successorsFor.get(row.id)?.product_id ?? null,
        })),
        language,
        MAX_EQUIVALENTS,
      );
      const finish = <T extends ProductRow>(row: T & { replaces?: CatalogRow['replaces'] }): CatalogRow => ({
        ...row,
        replaced_by: replacedBy(successorsFor.get(row.id)),
        replaces: row.replaces ?? null,
        equivalents: equivalents.get(row.id) ?? [],
      });
      // The searched number was replaced and matched nothing else: "did you mean" rows are noise.
      const onlySimilar = replacementRows.length > 0 && list.every((row) => row.match.kind === 'similar');
      return {
        list: onlySimilar ? [] : list.map(finish),
        total: onlySimilar ? 0 : found.total,
        total_is_lower_bound: found.capped,
        ...(replacementRows.length > 0 ? { replacements: replacementRows.map(finish) } : {}),
      };
    },

    async productDetail(auth: AuthContext, id: number, language: Language): Promise<ProductDetail> {
      if (!(await repo.productExists(id, auth.accountId))) throw notFound();
      const [row] = await rowsFor(auth, [{ id, kind: 'none', value: '' }], language);
      if (!row) throw notFound();
      const vehicles = await repo.vehiclesOf(id, language);
      const { detail, ...listRow } = row;
      const successor = successorOfPart(
        await successorsOf(deps.readRepos, auth.accountId, [
          { brandId: row.brand_id, key: normalizePartNumber(row.number) },
        ]),
        row,
      );
      const equivalents =
        row.available_stock > 0
          ? []
          : ((
              await equivalentsOf(
                deps.readRepos,
                auth,
                [{ id, successorId: successor?.product_id ?? null }],
                language,
                MAX_EQUIVALENTS * 2,
              )
            ).get(id) ?? []);
      // Parameter names and word values in the reader's language (term_names, decision 011).
      const termIn = await deps.readRepos.names.termsIn(
        language,
        detail.pro_params.flatMap((param) => [
          { kind: 'param' as const, term: param.name },
          { kind: 'param_value' as const, term: param.value },
        ]),
      );
      return {
        ...listRow,
        replaced_by: replacedBy(successor),
        equivalents,
        remark: detail.remark,
        pro_params: detail.pro_params.map((param) => ({
          name: termIn('param', param.name),
          value: termIn('param_value', param.value),
        })),
        extend_param: detail.extend_param,
        note_model: detail.note_model,
        yp_model: detail.yp_model,
        yp_aaia_model: detail.yp_aaia_model,
        images: detail.images.map((_, index) => productImageUrl(id, index + 1)),
        files: detail.files.map((file) => ({ name: file.name, path: file.path })),
        applicable_models: vehicles.map((vehicle) => ({
          name: `${vehicle.m1_name} ${vehicle.m2_name} ${vehicle.m3_name}`.trim(),
          engine: vehicle.m3_engine,
          year: vehicle.m3_year,
        })),
        vehicles,
      };
    },

    async vehicleTree(auth: AuthContext, body: z.output<typeof vehicleTreeRequestSchema> | null | undefined) {
      const { make, model, year } = body ?? {};
      if (!make)
        return (await repo.makes(auth.accountId)).map(({ value }) => ({
          value,
          label: value,
          isLeaf: false,
        }));
      if (!model) {
        return (await repo.models(auth.accountId, make)).map(({ value }) => ({
          value,
          label: value,
          isLeaf: false,
        }));
      }
      if (!year) {
        return (await repo.years(auth.accountId, make, model, now().getFullYear())).map(({ value }) => ({
          value,
          label: String(value),
          isLeaf: false,
        }));
      }
      return (await repo.engines(auth.accountId, make, model, year)).map((vehicle) => ({
        value: vehicle.id,
        vehicleId: vehicle.id,
        label: [
          vehicle.m3_name,
          vehicle.m3_engine,
          vehicle.m3_kw ? `${vehicle.m3_kw} kW` : '',
          vehicle.m3_cc ? `${vehicle.m3_cc} cc` : '',
        ]
          .filter(Boolean)
          .join(' · '),
        isLeaf: true,
      }));
    },

    filters: (auth: AuthContext, language: Language) => repo.filters(auth.accountId, language),

    async stockProductList(
      auth: AuthContext,
      body: z.output<typeof stockProductListRequestSchema>,
      language: Language,
    ) {
      const keyword = body.keyword.trim();
      const page = await repo.stockProducts({
        accountId: auth.accountId,
        key: normalizePartNumber(keyword),
        words: searchWords(keyword),
        storeId: body.storeId,
        brandId: body.brandId,
        inStock: body.inStock,
        limit: body.pageSize,
        offset: (body.page - 1) * body.pageSize,
      });
      const rows = await rowsFor(
        auth,
        page.map((hit) => ({ id: hit.id, kind: 'none', value: '' })),
        language,
      );
      return {
        total: page[0]?.total ?? 0,
        list: rows.map((row) => ({
          id: row.id,
          number: row.number,
          part_name: row.part_name,
          factory: row.factory,
          unit: row.unit,
          price: row.price,
          currency: row.currency,
          buy_qty: row.buy_qty,
          stock: row.stock,
          available_stock: row.available_stock,
          stores: row.stores,
        })),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
