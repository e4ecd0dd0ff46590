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
import { AppError } from '../../platform/errors';
import { readFormUpload } from '../../platform/form-upload';
import { translate } from '../../platform/messages';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import type { CustomersService } from './customers.service';

/** The my-number upload: `company_id`, then `file`. */
async function readMyNumberUpload(request: FastifyRequest) {
  const { values, file } = await readFormUpload(request, {
    fields: [MY_NUMBER_COMPANY_FIELD],
    fileField: MY_NUMBER_FILE_FIELD,
    maxBytes: MAX_MY_NUMBER_FILE_BYTES,
  });
  const companyId = Number(values.get(MY_NUMBER_COMPANY_FIELD));
  if (!(Number.isInteger(companyId) && companyId > 0 && companyId <= 2_147_483_647))
    throw new AppError(ResultCode.validation, 'validation', { fields: 'company_id' });
  return { companyId, ...file };
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
