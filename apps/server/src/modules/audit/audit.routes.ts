import { auditEndpoints } from '@partsportal/contract/audit';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import type { AuditService } from './audit.service';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  registerEndpoint(app, auditEndpoints.list, ({ body, ctx }) => audit.list(requireStaff(ctx), body));
}
