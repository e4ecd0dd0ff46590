import {
  areaChoice,
  MAX_ADDRESSES_PER_COMPANY,
  type Address,
  type addressFieldsSchema,
  type updateAddressRequestSchema,
} from '@partsportal/contract/addresses';
import { isValidPhone } from '@partsportal/contract/addresses-rules';
import { ResultCode, type Language } from '@partsportal/contract/codes';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth-context';
import { AppError, notFound, refused } from '../../platform/errors';
import type { DataAccess, Repositories } from '../../repositories';
import { areaName, findAreaByPath } from '../areas/areas.service';
import type { AddressRow, AddressValues } from './addresses.repository';

type AddressFields = z.output<typeof addressFieldsSchema>;
type UpdateAddressRequest = z.output<typeof updateAddressRequestSchema>;

export const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  caption: row.caption,
  contact_name: row.contactName,
  area_id: row.areaId,
  area: row.area,
  address: row.address,
  phone: row.phone,
  is_default: row.isDefault,
});

/** Areas above this level (continents) are not a region one ships to. */
const COUNTRY_LEVEL = 2;

/**
 * The form's checks in the form's order (spec §5): recipient, region, detailed address, contact
 * number — each must not be empty after trimming — then the phone format. Answers the first failure.
 */
export function checkAddressFields(fields: AddressFields): {
  contactName: string;
  areaId: number;
  address: string;
  phone: string;
  caption: string;
} {
  const contactName = fields.contact_name?.trim() ?? '';
  if (!contactName) throw new AppError(ResultCode.validation, 'addressContactRequired');
  const areaId = fields.area_id ?? 0;
  if (areaId === 0) throw new AppError(ResultCode.validation, 'addressAreaRequired');
  const address = fields.address?.trim() ?? '';
  if (!address) throw new AppError(ResultCode.validation, 'addressDetailRequired');
  const phone = fields.phone?.trim() ?? '';
  if (!phone) throw new AppError(ResultCode.validation, 'addressPhoneRequired');
  if (!isValidPhone(phone)) throw new AppError(ResultCode.validation, 'addressPhoneInvalid');
  return { contactName, areaId, address, phone, caption: fields.caption?.trim() ?? '' };
}

/** "China / Guangdong / Guangzhou": the area's chain from its country down, in `language`. */
async function resolveArea(repos: Repositories, areaId: number, language: Language): Promise<string> {
  const chain = await repos.freight.findAreaChain(areaId);
  const area = chain[0];
  if (!area || area.level < COUNTRY_LEVEL) throw new AppError(ResultCode.validation, 'addressAreaNotFound');
  return chain
    .filter((link) => link.level >= COUNTRY_LEVEL)
    .reverse()
    .map((link) => areaName(link, language))
    .join(' / ');
}

export function createAddressesService(deps: DataAccess) {
  const { repos, transaction } = deps;

  async function values(fields: AddressFields, language: Language): Promise<AddressValues> {
    // The spec's `area` may name the region by its path; look it up like the cascader would.
    const choice = areaChoice(fields);
    const areaId = Array.isArray(choice)
      ? (findAreaByPath(await repos.areas.listAll(), choice) ?? 0)
      : choice;
    const checked = checkAddressFields({ ...fields, area_id: areaId });
    return {
      caption: checked.caption,
      contactName: checked.contactName,
      areaId: checked.areaId,
      area: await resolveArea(repos, checked.areaId, language),
      address: checked.address,
      phone: checked.phone,
    };
  }

  return {
    /** The area paths in the reader's language, whoever wrote them (decision 011). */
    async getAddress(auth: AuthContext, language: Language): Promise<Address[]> {
      return (await repos.addresses.list(auth.companyId, language)).map(toAddress);
    },

    async addAddress(auth: AuthContext, body: AddressFields, language: Language): Promise<Address> {
      const address = await values(body, language);
      return transaction(async (tx) => {
        const repo = tx.addresses;
        const existing = await repo.lockAndCount(auth.companyId);
        if (existing >= MAX_ADDRESSES_PER_COMPANY) {
          throw refused('addressLimitReached', { max: MAX_ADDRESSES_PER_COMPANY });
        }
        // The company's first address is its default whatever the form said.
        const makeDefault = existing === 0 || body.is_default === true;
        const row = await repo.insert(auth.companyId, address, false);
        if (makeDefault) await repo.setDefault(auth.companyId, row.id);
        return toAddress({ ...row, isDefault: makeDefault });
      });
    },

    async updateAddress(auth: AuthContext, body: UpdateAddressRequest, language: Language): Promise<Address> {
      const address = await values(body, language);
      return transaction(async (tx) => {
        const repo = tx.addresses;
        await repo.lockAndCount(auth.companyId);
        const row = await repo.update(auth.companyId, body.id, address);
        if (!row) throw notFound();
        // Unticking the default is ignored: a company with addresses always has one default.
        if (body.is_default === true && !row.isDefault) {
          await repo.setDefault(auth.companyId, row.id);
          return toAddress({ ...row, isDefault: true });
        }
        return toAddress(row);
      });
    },

    async deleteAddress(auth: AuthContext, id: number): Promise<{ id: number }> {
      return transaction(async (tx) => {
        const repo = tx.addresses;
        await repo.lockAndCount(auth.companyId);
        const removed = await repo.remove(auth.companyId, id);
        if (!removed) throw notFound();
        if (removed.isDefault) {
          const next = await repo.newestId(auth.companyId);
          if (next !== undefined) await repo.setDefault(auth.companyId, next);
        }
        return { id: removed.id };
      });
    },

    async setDefaultAddress(auth: AuthContext, id: number, language: Language): Promise<Address> {
      return transaction(async (tx) => {
        const repo = tx.addresses;
        await repo.lockAndCount(auth.companyId);
        if (!(await repo.setDefault(auth.companyId, id))) throw notFound();
        const row = await repo.find(auth.companyId, id, language);
        if (!row) throw notFound();
        return toAddress(row);
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
