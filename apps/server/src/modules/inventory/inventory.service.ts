import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_PICTURE_BYTES,
  MAX_PICTURES,
  type addCrossNumberRequestSchema,
  type companyPriceListRequestSchema,
  type createPriceLevelRequestSchema,
  type InventoryProduct,
  type InventoryRow,
  type inventorySearchRequestSchema,
  type setCompanyPriceRequestSchema,
  type setStockRequestSchema,
  type updatePriceLevelRequestSchema,
  type updateProductRequestSchema,
} from '@partsportal/contract/inventory';
import { normalizePartNumber } from '@partsportal/contract/part-number';
import type { z } from 'zod';
import type { StaffContext } from '../../platform/auth-context';
import { AppError, notFound } from '../../platform/errors';
import { ExactDecimal } from '../../platform/money';
import type { DataAccess, Repositories } from '../../repositories';
import { changedFields } from '../audit/audit.repository';
import { searchProducts } from '../catalog/catalog.service';
import { staffActor } from '../staff/staff.service';
import type { ProductEditable } from './inventory.repository';
import { productLinks } from '../supersessions/equivalents';
import { detectAttachment, detectPicture, PICTURE_CONTENT_TYPES } from './upload-types';

/** A decimal as the audit log keeps it: "12.5" for numeric(16,4)'s "12.5000". */
const decimal = (value: string | null) => (value === null ? null : new ExactDecimal(value).toString());

/** The product fields as the audit log names them (the contract's names). */
const productView = (row: ProductEditable) => ({
  number: row.number,
  brand_id: row.brandId,
  name_zh: row.nameZh,
  name_en: row.nameEn,
  name_es: row.nameEs,
  part_type_id: row.partTypeId,
  remark: row.remark,
  unit: row.unit,
  weight: decimal(row.weight),
  buy_qty: row.buyQty,
  price: decimal(row.price),
  is_new: row.isNew,
  pro_params: row.proParams,
});

export interface Upload {
  filename: string;
  buffer: Buffer;
}

export function createInventoryService(deps: DataAccess & { productFilesDir: string }) {
  const { repos, transaction } = deps;
  const root = path.resolve(deps.productFilesDir);

  const audit = (tx: Repositories, staff: StaffContext, ip: string) => ({
    record: (entry: {
      action: string;
      entity: 'product' | 'stock' | 'company-price' | 'price-level';
      entityId: string | number;
      changes?: Record<string, { before: unknown; after: unknown }>;
      details?: Record<string, unknown>;
    }) => tx.audit.record({ accountId: staff.accountId, actor: staffActor(staff, ip), ...entry }),
  });

  async function lockProduct(tx: Repositories, staff: StaffContext, id: number) {
    const product = await tx.inventory.lockProduct(staff.accountId, id);
    if (!product) throw notFound();
    return product;
  }

  /**
   * Keeps the file's bytes in the database, in the transaction that lists it on the product: every
   * server process serves it, a backup holds it, and a rolled-back upload leaves nothing behind.
   */
  async function storeFile(
    tx: Repositories,
    staff: StaffContext,
    folder: 'pictures' | 'attachments',
    productId: number,
    ext: string,
    data: Buffer,
  ) {
    const relative = path.posix.join(folder, String(productId), `${randomUUID()}.${ext}`);
    await tx.inventory.putFile({
      path: relative,
      accountId: staff.accountId,
      productId,
      contentType:
        ext === 'pdf' ? 'application/pdf' : (PICTURE_CONTENT_TYPES[ext] ?? 'application/octet-stream'),
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    });
    return relative;
  }

  /**
   * A removed file's bytes: the row goes with the transaction; a file of an older installation
   * in PRODUCT_FILES_DIR is deleted after the commit.
   */
  async function unlinkLegacy(relative: string) {
    const full = path.resolve(root, relative);
    if (!full.startsWith(root + path.sep)) return;
    await fs.rm(full, { force: true }).catch(() => undefined);
  }

  return {
    async search(
      staff: StaffContext,
      body: z.output<typeof inventorySearchRequestSchema>,
      language: Language,
    ) {
      const found = await searchProducts(repos.catalog, {
        companyId: null,
        keyword: body.keyword,
        filters: {
          accountId: staff.accountId,
          brandIds: body.brandIds,
          partTypeIds: body.partTypeIds,
          includeInactive: true,
          active: body.status === 'all' ? undefined : body.status === 'active',
        },
        sort: 'relevance',
        order: 'asc',
        page: body.page,
        pageSize: body.pageSize,
      });
      const rows = await repos.inventory.rows(
        found.hits.map((hit) => hit.id),
        staff.accountId,
        language,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const list = found.hits.flatMap((hit): InventoryRow[] => {
        const row = byId.get(hit.id);
        if (!row) return [];
        return [
          {
            ...row,
            stock: row.stores.reduce((sum, s) => sum + s.stock, 0),
            available_stock: row.stores.reduce((sum, s) => sum + s.available_stock, 0),
            match: { kind: hit.kind as InventoryRow['match']['kind'], value: hit.value },
          },
        ];
      });
      return { list, total: found.total, total_is_lower_bound: found.capped };
    },

    options: (staff: StaffContext, language: Language) => repos.inventory.options(staff.accountId, language),

    /** Whether product `id` of the staff member's account lists this attachment path. */
    async listsAttachment(staff: StaffContext, id: number, filePath: string) {
      const row = await repos.inventory.product(staff.accountId, id);
      return Boolean(row?.files.some((file) => file.path === filePath));
    },

    async product(staff: StaffContext, id: number): Promise<InventoryProduct> {
      const row = await repos.inventory.product(staff.accountId, id);
      if (!row) throw notFound();
      const [numbers, fitments, links] = await Promise.all([
        repos.inventory.numbers(id),
        repos.inventory.fitmentCount(id),
        repos.supersessions.linksOf(staff.accountId, id),
      ]);
      return {
        id: row.id,
        number: row.number,
        brand_id: row.brandId,
        brand: row.brand,
        name_zh: row.nameZh,
        name_en: row.nameEn,
        name_es: row.nameEs,
        part_type_id: row.partTypeId,
        remark: row.remark,
        unit: row.unit,
        weight: row.weight === null ? null : decimal(row.weight),
        buy_qty: row.buyQty,
        price: new ExactDecimal(row.price).toFixed(2),
        is_new: row.isNew,
        is_active: row.isActive,
        pro_params: row.proParams,
        numbers: numbers.map((n) => ({
          id: n.id,
          kind: n.kind as 'oe' | 'brand',
          brand_name: n.brandName,
          number: n.number,
        })),
        fitments,
        pictures: row.images.length,
        files: row.files,
        links: productLinks(links),
      };
    },

    async update(staff: StaffContext, body: z.output<typeof updateProductRequestSchema>, ip: string) {
      await transaction(async (tx) => {
        const before = await lockProduct(tx, staff, body.id);
        if (body.brand_id !== undefined && !(await tx.inventory.brandExists(staff.accountId, body.brand_id)))
          throw new AppError(ResultCode.validation, 'inventoryBrandUnknown');
        if (
          body.part_type_id !== undefined &&
          body.part_type_id !== null &&
          !(await tx.inventory.partTypeExists(staff.accountId, body.part_type_id))
        )
          throw new AppError(ResultCode.validation, 'inventoryPartTypeUnknown');
        const fields: Partial<ProductEditable> = {
          ...(body.number !== undefined
            ? { number: body.number, numberKey: normalizePartNumber(body.number) }
            : {}),
          ...(body.brand_id !== undefined ? { brandId: body.brand_id } : {}),
          ...(body.name_zh !== undefined ? { nameZh: body.name_zh } : {}),
          ...(body.name_en !== undefined ? { nameEn: body.name_en } : {}),
          ...(body.name_es !== undefined ? { nameEs: body.name_es } : {}),
          ...(body.part_type_id !== undefined ? { partTypeId: body.part_type_id } : {}),
          ...(body.remark !== undefined ? { remark: body.remark } : {}),
          ...(body.unit !== undefined ? { unit: body.unit } : {}),
          ...(body.weight !== undefined ? { weight: body.weight } : {}),
          ...(body.buy_qty !== undefined ? { buyQty: body.buy_qty } : {}),
          ...(body.price !== undefined ? { price: body.price } : {}),
          ...(body.is_new !== undefined ? { isNew: body.is_new } : {}),
          ...(body.pro_params !== undefined ? { proParams: body.pro_params } : {}),
        };
        if (fields.numberKey === '')
          throw new AppError(ResultCode.validation, 'inventoryNumberInvalid', { field: 'number' });
        const after = { ...before, ...fields };
        if (
          (after.numberKey !== before.numberKey || after.brandId !== before.brandId) &&
          (await tx.inventory.numberTaken(staff.accountId, after.numberKey, after.brandId, before.id))
        )
          throw new AppError(ResultCode.conflict, 'inventoryNumberTaken', { number: after.number });
        const changes = changedFields(productView(before), productView(after));
        if (Object.keys(changes).length === 0) return;
        await tx.inventory.updateProduct(before.id, fields);
        await audit(tx, staff, ip).record({
          action: 'product.update',
          entity: 'product',
          entityId: before.id,
          changes,
        });
      });
      return null;
    },

    async setActive(staff: StaffContext, id: number, active: boolean, ip: string) {
      await transaction(async (tx) => {
        const before = await lockProduct(tx, staff, id);
        if (before.isActive === active) return;
        await tx.inventory.updateProduct(id, { isActive: active });
        await audit(tx, staff, ip).record({
          action: active ? 'product.reactivate' : 'product.deactivate',
          entity: 'product',
          entityId: id,
          changes: changedFields({ is_active: before.isActive }, { is_active: active }),
          details: { number: before.number },
        });
      });
      return null;
    },

    async addNumber(staff: StaffContext, body: z.output<typeof addCrossNumberRequestSchema>, ip: string) {
      const numberKey = normalizePartNumber(body.number);
      if (!numberKey)
        throw new AppError(ResultCode.validation, 'inventoryNumberInvalid', { field: 'number' });
      const id = await transaction(async (tx) => {
        // The product's lock serializes adds to one product, so two requests cannot both pass the check.
        const product = await lockProduct(tx, staff, body.product_id);
        const existing = await tx.inventory.numbers(product.id);
        const same = existing.find((n) => n.numberKey === numberKey);
        if (same)
          throw new AppError(ResultCode.conflict, 'inventoryCrossNumberTaken', {
            number: `${same.brandName} ${same.number}`,
          });
        const newId = await tx.inventory.insertNumber({
          productId: product.id,
          kind: body.kind,
          brandName: body.brand_name,
          number: body.number,
          numberKey,
        });
        await audit(tx, staff, ip).record({
          action: 'product.add-number',
          entity: 'product',
          entityId: product.id,
          changes: changedFields(null, {
            cross_number: { kind: body.kind, brand_name: body.brand_name, number: body.number },
          }),
          details: { number_id: newId },
        });
        return newId;
      });
      return { id };
    },

    async removeNumber(staff: StaffContext, productId: number, numberId: number, ip: string) {
      await transaction(async (tx) => {
        const product = await lockProduct(tx, staff, productId);
        const removed = await tx.inventory.deleteNumber(product.id, numberId);
        if (!removed) throw notFound();
        await audit(tx, staff, ip).record({
          action: 'product.remove-number',
          entity: 'product',
          entityId: product.id,
          changes: {
            cross_number: {
              before: { kind: removed.kind, brand_name: removed.brandName, number: removed.number },
              after: null,
            },
          },
          details: { number_id: numberId },
        });
      });
      return null;
    },

    async uploadPicture(staff: StaffContext, productId: number, upload: Upload, ip: string) {
      if (upload.buffer.length > MAX_PICTURE_BYTES)
        throw new AppError(ResultCode.payloadTooLarge, 'inventoryFileTooLarge', {
          max: MAX_PICTURE_BYTES / 1048576,
        });
      const type = detectPicture(upload.buffer);
      if (!type) throw new AppError(ResultCode.validation, 'inventoryPictureType');
      const pictures = await transaction(async (tx) => {
        const product = await lockProduct(tx, staff, productId);
        if (product.images.length >= MAX_PICTURES)
          throw new AppError(ResultCode.refused, 'inventoryTooManyFiles', { max: MAX_PICTURES });
        const stored = await storeFile(tx, staff, 'pictures', product.id, type, upload.buffer);
        const images = [...product.images, stored];
        await tx.inventory.updateProduct(product.id, { images });
        await audit(tx, staff, ip).record({
          action: 'product.add-picture',
          entity: 'product',
          entityId: product.id,
          changes: changedFields({ pictures: product.images.length }, { pictures: images.length }),
          details: {
            file: upload.filename.slice(0, 200),
            type,
            bytes: upload.buffer.length,
            sha256: createHash('sha256').update(upload.buffer).digest('hex'),
          },
        });
        return images.length;
      });
      return { pictures };
    },

    async removePicture(staff: StaffContext, productId: number, index: number, ip: string) {
      const removed = await transaction(async (tx) => {
        const product = await lockProduct(tx, staff, productId);
        const picture = product.images[index - 1];
        if (picture === undefined) throw notFound();
        const images = product.images.filter((_, i) => i !== index - 1);
        await tx.inventory.updateProduct(product.id, { images });
        await tx.inventory.deleteFile(staff.accountId, picture);
        await audit(tx, staff, ip).record({
          action: 'product.remove-picture',
          entity: 'product',
          entityId: product.id,
          changes: changedFields({ pictures: product.images.length }, { pictures: images.length }),
          details: { index },
        });
        return picture;
      });
      await unlinkLegacy(removed);
      return null;
    },

    async uploadAttachment(staff: StaffContext, productId: number, upload: Upload, ip: string) {
      if (upload.buffer.length > MAX_ATTACHMENT_BYTES)
        throw new AppError(ResultCode.payloadTooLarge, 'inventoryFileTooLarge', {
          max: MAX_ATTACHMENT_BYTES / 1048576,
        });
      if (!detectAttachment(upload.buffer))
        throw new AppError(ResultCode.validation, 'inventoryAttachmentType');
      // The name shown to buyers: the uploaded name without folders or control characters.
      const shown =
        path
          .basename(upload.filename.replace(/\\/g, '/'))
          // eslint-disable-next-line no-control-regex
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .slice(0, 120) || 'file.pdf';
      const files = await transaction(async (tx) => {
        const product = await lockProduct(tx, staff, productId);
        if (product.files.length >= MAX_ATTACHMENTS)
          throw new AppError(ResultCode.refused, 'inventoryTooManyFiles', { max: MAX_ATTACHMENTS });
        const stored = await storeFile(tx, staff, 'attachments', product.id, 'pdf', upload.buffer);
        const list = [...product.files, { name: shown, path: stored }];
        await tx.inventory.updateProduct(product.id, { files: list });
        await audit(tx, staff, ip).record({
          action: 'product.add-attachment',
          entity: 'product',
          entityId: product.id,
          changes: changedFields(null, { attachment: { name: shown, path: stored } }),
          details: {
            bytes: upload.buffer.length,
            sha256: createHash('sha256').update(upload.buffer).digest('hex'),
          },
        });
        return list;
      });
      return { files };
    },

    async removeAttachment(staff: StaffContext, productId: number, filePath: string, ip: string) {
      const removed = await transaction(async (tx) => {
        const product = await lockProduct(tx, staff, productId);
        const file = product.files.find((f) => f.path === filePath);
        if (!file) throw notFound();
        await tx.inventory.updateProduct(product.id, { files: product.files.filter((f) => f !== file) });
        await tx.inventory.deleteFile(staff.accountId, file.path);
        await audit(tx, staff, ip).record({
          action: 'product.remove-attachment',
          entity: 'product',
          entityId: product.id,
          changes: { attachment: { before: file, after: null } },
        });
        return file.path;
      });
      // Only files this module stored are deleted; the demo's shared files stay.
      if (removed.startsWith('attachments/')) await unlinkLegacy(removed);
      return null;
    },

    async stock(staff: StaffContext, productId: number) {
      if (!(await repos.inventory.product(staff.accountId, productId))) throw notFound();
      const rows = await repos.inventory.stockOf(staff.accountId, productId);
      return rows.map((row) => ({ ...row, reserved: row.stock - row.available_stock }));
    },

    async setStock(staff: StaffContext, body: z.output<typeof setStockRequestSchema>, ip: string) {
      await transaction(async (tx) => {
        const product = await lockProduct(tx, staff, body.product_id);
        const store = await tx.inventory.store(staff.accountId, body.store_id);
        if (!store) throw new AppError(ResultCode.validation, 'inventoryStoreUnknown');
        const before = await tx.inventory.lockStock(product.id, store.id);
        const reserved = before ? before.stock - before.availableStock : 0;
        if (body.stock < reserved)
          throw new AppError(ResultCode.refused, 'inventoryStockBelowReserved', { reserved });
        const after = { stock: body.stock, availableStock: body.stock - reserved };
        const changes = changedFields(
          { stock: before?.stock ?? 0, available_stock: before?.availableStock ?? 0 },
          { stock: after.stock, available_stock: after.availableStock },
        );
        if (before && Object.keys(changes).length === 0) return;
        await tx.inventory.putStock({ productId: product.id, storeId: store.id, ...after });
        await audit(tx, staff, ip).record({
          action: 'stock.set',
          entity: 'stock',
          entityId: `${product.id}:${store.id}`,
          changes,
          details: { product_id: product.id, number: product.number, store_id: store.id, store: store.name },
        });
      });
      return null;
    },

    priceLevels: (staff: StaffContext) => repos.inventory.priceLevels(staff.accountId),

    async createPriceLevel(
      staff: StaffContext,
      body: z.output<typeof createPriceLevelRequestSchema>,
      ip: string,
    ) {
      const id = await transaction(async (tx) => {
        const newId = await tx.inventory.insertPriceLevel({
          accountId: staff.accountId,
          name: body.name,
          factor: body.factor,
        });
        await audit(tx, staff, ip).record({
          action: 'price-level.create',
          entity: 'price-level',
          entityId: newId,
          changes: changedFields(null, { name: body.name, factor: decimal(body.factor) }),
        });
        return newId;
      });
      return { id };
    },

    async updatePriceLevel(
      staff: StaffContext,
      body: z.output<typeof updatePriceLevelRequestSchema>,
      ip: string,
    ) {
      await transaction(async (tx) => {
        const before = await tx.inventory.lockPriceLevel(staff.accountId, body.id);
        if (!before) throw notFound();
        const changes = changedFields(
          { name: before.name, factor: decimal(before.factor) },
          { name: body.name, factor: body.factor === undefined ? undefined : decimal(body.factor) },
        );
        if (Object.keys(changes).length === 0) return;
        await tx.inventory.updatePriceLevel(before.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.factor !== undefined ? { factor: body.factor } : {}),
        });
        await audit(tx, staff, ip).record({
          action: 'price-level.update',
          entity: 'price-level',
          entityId: before.id,
          changes,
        });
      });
      return null;
    },

    async companyPrices(
      staff: StaffContext,
      body: z.output<typeof companyPriceListRequestSchema>,
      language: Language,
    ) {
      const rows = await repos.inventory.companyPrices(
        { accountId: staff.accountId, productId: body.product_id, companyId: body.company_id },
        { offset: (body.page - 1) * body.pageSize, limit: body.pageSize },
        language,
      );
      return { list: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
    },

    async setCompanyPrice(
      staff: StaffContext,
      body: z.output<typeof setCompanyPriceRequestSchema>,
      ip: string,
    ) {
      const id = await transaction(async (tx) => {
        const product = await lockProduct(tx, staff, body.product_id);
        const company = await tx.inventory.company(staff.accountId, body.company_id);
        if (!company) throw new AppError(ResultCode.validation, 'inventoryCompanyUnknown');
        const [current, ...extra] = await tx.inventory.lockCompanyPrices(product.id, company.id);
        // The catalogue reads one fixed price per company; older duplicates (from imports) go.
        await tx.inventory.deleteCompanyPrices(extra.map((row) => row.id));
        const before = current ? decimal(current.price) : null;
        if (current && before === decimal(body.price) && extra.length === 0) return current.id;
        const priceId = current
          ? (await tx.inventory.updateCompanyPrice(current.id, body.price), current.id)
          : await tx.inventory.insertCompanyPrice({
              productId: product.id,
              companyId: company.id,
              price: body.price,
            });
        await audit(tx, staff, ip).record({
          action: current ? 'company-price.update' : 'company-price.create',
          entity: 'company-price',
          entityId: priceId,
          changes: changedFields({ price: before }, { price: decimal(body.price) }),
          details: {
            product_id: product.id,
            number: product.number,
            company_id: company.id,
            company: company.name,
            currency: company.currency,
          },
        });
        return priceId;
      });
      return { id };
    },

    async removeCompanyPrice(staff: StaffContext, id: number, ip: string) {
      await transaction(async (tx) => {
        const row = await tx.inventory.lockCompanyPrice(staff.accountId, id);
        if (!row || row.companyId === null) throw notFound();
        await tx.inventory.deleteCompanyPrices([row.id]);
        await audit(tx, staff, ip).record({
          action: 'company-price.remove',
          entity: 'company-price',
          entityId: row.id,
          changes: { price: { before: decimal(row.price), after: null } },
          details: { product_id: row.productId, company_id: row.companyId },
        });
      });
      return null;
    },

    findCompanies: (staff: StaffContext, keyword: string) =>
      repos.inventory.findCompanies(staff.accountId, keyword),
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
