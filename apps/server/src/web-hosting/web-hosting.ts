import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ResultCode } from '@partsportal/contract/codes';
import type { StaticConfig } from '@partsportal/contract/static-config';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { parseLanguage } from '../platform/language';
import { translate } from '../platform/messages';
import type { BrandingRepository } from './branding.repository';
import { cookieLanguage, createLoginPageCache } from './login-first-screen';

/**
 * The web client: its start-up config, the built files, /login with its first screen drawn in,
 * client-side routes, and the answer to everything that is no route (a 404, or 40004 in the
 * envelope under the API prefix).
 */
export async function registerWebHosting(
  app: FastifyInstance,
  deps: { config: Config; branding: BrandingRepository },
): Promise<void> {
  const { config, branding } = deps;

  app.get('/static/config.json', { schema: { hide: true } }, async (_request, reply) => {
    const account = await branding.homeBranding(config.accountId);
    const body: StaticConfig = {
      apiUrl: config.apiPrefix,
      account_id: config.accountId,
      ...(account?.homeTitle ? { homeTitle: account.homeTitle } : {}),
      ...(account?.homeLogo ? { homeLogo: account.homeLogo } : {}),
    };
    return reply.header('cache-control', 'no-cache').send(body);
  });

  const indexHtml = path.join(config.webDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: true,
      index: ['index.html'],
      // The web build writes .br/.gz beside each text file (apps/web/build/build-plugins.ts):
      // compressed once at build time, never per request.
      preCompressed: true,
      // Hashed file names under /assets never change; the page itself must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const loginPage = createLoginPageCache(indexHtml);
  /** /login with its first screen in the page (login-first-screen.ts), if it has a title. */
  async function loginWithFirstScreen(cookieHeader: string | undefined) {
    const language = cookieLanguage(cookieHeader);
    try {
      const account = await branding.homeBranding(config.accountId);
      const title = account?.homeTitle?.[language];
      return title ? loginPage(language, title, account?.homeLogo || '/logo.svg') : undefined;
    } catch {
      return undefined; // the plain page: the client shows its own errors
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === config.apiPrefix || request.url.startsWith(`${config.apiPrefix}/`);
    // HEAD is what link checkers and uptime probes send; it must see what GET would.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '';
    if (isRead && !isApi && fs.existsSync(indexHtml) && !path.extname(pathname)) {
      const page =
        pathname.toLowerCase() === '/login' ? await loginWithFirstScreen(request.headers.cookie) : undefined;
      if (page) {
        const accept = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
        reply
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .type('text/html; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding ? page[encoding] : page.plain);
      }
      // Client-side routes (/order/index …) get the app; the router shows its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (isRead && !isApi) return reply.status(404).type('text/plain').send('Not found');
    const msg = translate('unknownCall', parseLanguage(request.headers.lng));
    return reply.status(200).send({ code: ResultCode.notFound, msg, data: null });
  });
}
