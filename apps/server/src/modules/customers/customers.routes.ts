import multipart from '@fastify/multipart';
import { ResultCode } from '@partsportal/contract/codes';
import {
  CUSTOMER_STAFF,
  customersEndpoints,
  MAX_MY_NUMBER_FILE_BYTES,
  MY_NUMBER_COMPANY_FIELD,
  MY_NUMBER_FILE_FIELD,
  MY_NUMBER_IMPORT_PATH,
} from '@partsportal/contract/customers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describeFields } from '../../platform/error-handler';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import type { CustomersService } from './customers.service';

/**
 * The my-number upload: `company_id`, then `file`. Unknown fields are refused as in a JSON
 * body; a file over the limit is 40013.
 */
async function readMyNumberUpload(request: FastifyRequest) {
  let companyId: number | undefined;
  let upload: { filename: string; buffer: Buffer } | undefined;
  const unknown: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === MY_NUMBER_COMPANY_FIELD) {
        const value = Number(part.value);
        if (Number.isInteger(value) && value > 0 && value <= 2_147_483_647) companyId = value;
      } else if (part.type === 'file' && part.fieldname === MY_NUMBER_FILE_FIELD && !upload) {
        upload = { filename: part.filename, buffer: await part.toBuffer() };
      } else {
        unknown.push(part.fieldname);
        if (part.type === 'file') part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ResultCode.payloadTooLarge, 'importFileTooLarge', {
        max: MAX_MY_NUMBER_FILE_BYTES / 1024 / 1024,
      });
    }
    throw new AppError(ResultCode.validation, 'importNoFile');
  }
  if (unknown.length > 0) {
    throw new AppError(ResultCode.validation, 'unknownFields', { fields: describeFields(unknown) });
  }
  if (companyId === undefined)
    throw new AppError(ResultCode.validation, 'validation', { fields: 'company_id' });
  if (!upload) throw new AppError(ResultCode.validation, 'importNoFile');
  return { companyId, ...upload };
}

export function registerCustomersRoutes(app: FastifyInstance, customers: CustomersService) {
  registerEndpoint(app, customersEndpoints.listCompanies, ({ body, ctx }) =>
    customers.listCompanies(requireStaff(ctx), body),
  );
  registerEndpoint(app, customersEndpoints.getCompany, ({ body, ctx }) =>
    customers.getCompany(requireStaff(ctx), body.id),
  );
  registerEndpoint(app, customersEndpoints.createCompany, ({ body, ctx }) =>
    customers.createCompany(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, customersEndpoints.updateCompany, ({ body, ctx }) =>
    customers.updateCompany(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, customersEndpoints.listPriceLevels, ({ ctx }) =>
    customers.priceLevels(requireStaff(ctx)),
  );
  registerEndpoint(app, customersEndpoints.listUsers, ({ body, ctx }) =>
    customers.listUsers(requireStaff(ctx), body),
  );
  registerEndpoint(app, customersEndpoints.createUser, ({ body, ctx }) =>
    customers.createUser(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, customersEndpoints.updateUser, ({ body, ctx }) =>
    customers.updateUser(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, customersEndpoints.resetUserPassword, ({ body, ctx }) =>
    customers.resetUserPassword(requireStaff(ctx), body.id, ctx.ip),
  );
  registerEndpoint(app, customersEndpoints.listMyNumbers, ({ body, ctx }) =>
    customers.listMyNumbers(requireStaff(ctx), body),
  );

  // Multipart parsing exists only in this scope, for the one upload route.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_MY_NUMBER_FILE_BYTES,
        files: 1,
        fields: 2,
        fieldSize: 64,
        parts: 3,
        headerPairs: 50,
      },
    });
    scope.post(
      MY_NUMBER_IMPORT_PATH,
      {
        config: { permission: CUSTOMER_STAFF },
        schema: { summary: "Import a company's own part numbers (multipart `company_id`, `file`)." },
      },
      async (request) => {
        const upload = await readMyNumberUpload(request);
        const data = await customers.importMyNumbers(
          requireStaff(request.ctx),
          upload,
          request.ctx.language,
          request.ctx.ip,
        );
        return { code: ResultCode.ok, msg: translate('ok', request.ctx.language), data };
      },
    );
  });
}
