import { defineEndpoint } from '@partsportal/contract/endpoint';
import { paymentEndpoints, qrCodeQuerySchema } from '@partsportal/contract/payment';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerEndpoint } from '../../platform/endpoint-routes';
import { pageLanguage } from '../../platform/language';
import { requireAuth } from '../../platform/request-context';
import type { PaymentService } from './payment.service';

/**
 * The provider's notification. Public: the provider has no session; the signature, the amount,
 * the timestamp and the merchant are what is checked (payment.service.ts#handleCallback).
 * The body schema is the loose object here (not the strict sandbox schema) so that every
 * refusal, malformed bodies included, comes from the provider's verification with one message.
 */
export const sandboxCallbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/Payment/Callback/sandbox',
  summary: 'Signed payment notification of the sandbox provider (HMAC-SHA256).',
  permission: 'public',
  body: z.record(z.string(), z.unknown()).nullish(),
  data: z.object({ status: z.literal('ok') }),
});

/** Scheme and host the browser used, for the absolute URL a phone opens from the QR code. */
export function originOf(headers: Record<string, string | string[] | undefined>): string {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const host = first(headers['x-forwarded-host']) ?? first(headers.host) ?? 'localhost';
  const proto = first(headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return `${proto}://${host.replace(/[^\w.:[\]-]/g, '')}`;
}

const paymentNoParams = z.strictObject({ paymentNo: z.string().regex(/^[A-Z0-9]{1,64}$/) });

export function registerPaymentRoutes(app: FastifyInstance, payment: PaymentService) {
  registerEndpoint(app, paymentEndpoints.getPayBill, ({ params, ctx }) =>
    payment.getPayBill(requireAuth(ctx), params.id),
  );
  registerEndpoint(app, paymentEndpoints.wePay, ({ body, ctx }) =>
    payment.wePay(requireAuth(ctx), body, originOf(ctx.headers)),
  );
  registerEndpoint(app, paymentEndpoints.getPayStatus, ({ params, ctx }) =>
    payment.getPayStatus(requireAuth(ctx), params.id),
  );
  registerEndpoint(app, sandboxCallbackEndpoint, ({ body }) => payment.handleCallback(body));

  // An <img> shows the QR code, so the token may come as `?token=` (like product pictures).
  app.get<{ Querystring: { data: string } }>(
    '/Web/QRCode',
    {
      config: { permission: 'signed-in', tokenInQuery: true },
      schema: { hide: true, querystring: qrCodeQuerySchema },
    },
    async (request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', 'private, max-age=300')
        .send(await payment.qrCode(request.query.data)),
  );

  // WeChat Pay's and Alipay's notifications (decision 022): public, verified by their adapters
  // over the exact bytes received, and answered in each provider's own format (not the API's
  // {code,msg,data} envelope): WeChat Pay 204 / 4xx {code,message}, Alipay the text "success".
  app.register(async (notify) => {
    // The raw text is what is signed; the adapters parse it themselves.
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    notify.post<{ Params: { provider: string } }>(
      '/Payment/Notify/:provider',
      {
        config: { permission: 'public' as const },
        schema: { hide: true, params: z.strictObject({ provider: z.enum(['wechat', 'alipay']) }) },
      },
      async (request, reply) => {
        const provider = payment.realProviders.get(request.params.provider);
        if (!provider) return reply.status(404).type('text/plain').send('Not found');
        const result = await payment.handleNotification(request.params.provider, {
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
        });
        if (!result.ok)
          request.log.warn(
            { provider: provider.name, reason: result.reason },
            'payment notification refused',
          );
        const answer = provider.answer(result.ok, result.reason);
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });

  // The sandbox's "phone": public pages, since whoever scans the QR code has no session.
  app.register(async (sandbox) => {
    // The Confirm button is a plain HTML form (no script: the CSP allows none inline); its
    // urlencoded body carries nothing we read.
    sandbox.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, undefined),
    );
    const config = { permission: 'public' as const };
    sandbox.get<{ Params: { paymentNo: string }; Querystring: { lng?: string } }>(
      '/sandbox/pay/:paymentNo',
      { config, schema: { hide: true, params: paymentNoParams } },
      async (request, reply) => {
        const html = await payment.sandboxPage(
          request.params.paymentNo,
          pageLanguage(request.query.lng, request.headers),
        );
        return html === null
          ? reply.status(404).type('text/plain').send('Not found')
          : reply.type('text/html; charset=utf-8').send(html);
      },
    );
    sandbox.post<{ Params: { paymentNo: string }; Querystring: { lng?: string } }>(
      '/sandbox/pay/:paymentNo/confirm',
      { config, schema: { hide: true, params: paymentNoParams } },
      async (request, reply) => {
        const html = await payment.sandboxConfirm(
          request.params.paymentNo,
          pageLanguage(request.query.lng, request.headers),
        );
        return html === null
          ? reply.status(404).type('text/plain').send('Not found')
          : reply.type('text/html; charset=utf-8').send(html);
      },
    );
  });
}
