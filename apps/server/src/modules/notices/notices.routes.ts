import { noticeEndpoints } from '@partsportal/contract/notices';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireAuth } from '../../platform/request-context';
import type { NoticesService } from './notices.service';

export function registerNoticesRoutes(app: FastifyInstance, notices: NoticesService) {
  registerEndpoint(app, noticeEndpoints.getNoticeList, ({ body, ctx }) =>
    notices.getNoticeList(requireAuth(ctx), ctx.language, body),
  );
  registerEndpoint(app, noticeEndpoints.getNoticeDetail, ({ params, ctx }) =>
    notices.getNoticeDetail(requireAuth(ctx), ctx.language, params.id),
  );
}
