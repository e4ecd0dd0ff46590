import { noticesDeskEndpoints } from '@partsportal/contract/notices-desk';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { requireStaff } from '../../platform/request-context';
import type { NoticesDeskService } from './notices-desk.service';

export function registerNoticesDeskRoutes(app: FastifyInstance, desk: NoticesDeskService) {
  registerEndpoint(app, noticesDeskEndpoints.listNotices, ({ body, ctx }) =>
    desk.listNotices(requireStaff(ctx), ctx.language, body),
  );
  registerEndpoint(app, noticesDeskEndpoints.getNotice, ({ body, ctx }) =>
    desk.getNotice(requireStaff(ctx), ctx.language, body.id),
  );
  registerEndpoint(app, noticesDeskEndpoints.createNotice, ({ body, ctx }) =>
    desk.createNotice(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, noticesDeskEndpoints.updateNotice, ({ body, ctx }) =>
    desk.updateNotice(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, noticesDeskEndpoints.pinNotice, ({ body, ctx }) =>
    desk.pinNotice(requireStaff(ctx), body, ctx.ip),
  );
  registerEndpoint(app, noticesDeskEndpoints.unpublishNotice, ({ body, ctx }) =>
    desk.unpublishNotice(requireStaff(ctx), body.id, ctx.ip),
  );
  registerEndpoint(app, noticesDeskEndpoints.deleteNotice, ({ body, ctx }) =>
    desk.deleteNotice(requireStaff(ctx), body.id, ctx.ip),
  );
  registerEndpoint(app, noticesDeskEndpoints.previewNotice, ({ body, ctx }) =>
    desk.previewNotice(requireStaff(ctx), body),
  );
}
