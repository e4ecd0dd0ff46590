import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { ResultCode } from '@partsportal/contract/codes';
import type { StaticConfig } from '@partsportal/contract/static-config';
import { userInfoSchema, type UserInfo } from '@partsportal/contract/auth';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { parseLanguage } from '../platform/language';
import { translate } from '../platform/messages';
import type { AuthContext } from '../platform/auth-context';
import type { BrandingRepository } from './branding.repository';
import { createFileVersionCache } from './file-version-cache';
import { cookieLanguage, createLoginPageCache } from './login-first-screen';
import type { PageFirstAnswer } from './page-first-answer';
import {
  cookieToken,
  createFirstScreenDataCache,
  findFirstScreenRoute,
  mayOpen,
  withSignedInFirstScreen,
} from './signed-in-first-screen';

/**
 * The web client: its start-up config, the built files, /login with its first screen drawn in,
 * client-side routes, and the answer to everything that is no route (a 404, or 40004 in the
 * envelope under the API prefix).
 */
export async function registerWebHosting(
  app: FastifyInstance,
  deps: {
    config: Config;
    branding: BrandingRepository;
    /**
     * Token → session and user info, read-only (app.ts: the API's authenticate without touching
     * the session), and the first answer of the pages that draw their data (page-first-answer.ts).
     */
    session?: {
      open: (token: string) => Promise<{ auth: AuthContext; userInfo: UserInfo }>;
      firstAnswer?: PageFirstAnswer;
    };
  },
): Promise<void> {
  const { config, branding, session } = deps;

  async function staticConfig(): Promise<StaticConfig> {
    const account = await branding.homeBranding(config.accountId);
    return {
      apiUrl: config.apiPrefix,
      account_id: config.accountId,
      ...(account?.homeTitle ? { homeTitle: account.homeTitle } : {}),
      ...(account?.homeLogo ? { homeLogo: account.homeLogo } : {}),
    };
  }

  app.get('/static/config.json', { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').send(await staticConfig());
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

  const firstScreenData = createFirstScreenDataCache(config.webDir);
  // Read once per build, not on every signed-in page request.
  const indexHtmlSource = createFileVersionCache(indexHtml, (file) => fs.readFileSync(file, 'utf8'));
  /**
   * A signed-in page with its first screen drawn in (signed-in-first-screen.ts), or undefined
   * for the plain page: no cookie, an ended or invalid session, a page the user may not open,
   * no build data. Never cached anywhere: it carries the user's name and menus.
   */
  async function signedInFirstScreen(pathname: string, search: string, cookieHeader: string | undefined) {
    const token = cookieToken(cookieHeader);
    const data = token && session ? firstScreenData() : undefined;
    const route = data ? findFirstScreenRoute(data, pathname) : undefined;
    if (!token || !session || !data || !route) return undefined;
    try {
      const opened = await session.open(token);
      const userInfo = userInfoSchema.parse(opened.userInfo);
      if (!mayOpen(route, userInfo)) return undefined;
      const language = cookieLanguage(cookieHeader);
      const html = indexHtmlSource();
      if (html === undefined) return undefined;
      const [config, first] = await Promise.all([
        staticConfig(),
        session.firstAnswer?.(route.path, new URLSearchParams(search), opened.auth, language),
      ]);
      return withSignedInFirstScreen(html, {
        data,
        route,
        boot: { config, userInfo, language, ...(first ? { first } : {}) },
        sidebarOpened: !/(?:^|;\s*)pp_sidebar=0(?:;|$)/.test(cookieHeader ?? ''),
        // As the client's assetUrl writes it, so the browser fetches the picture once.
        assetUrl: (file) =>
          `${config.apiUrl}${file}${file.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`,
      });
    } catch {
      return undefined; // an ended session (50008/50012/50014) or a failure: the client decides
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === config.apiPrefix || request.url.startsWith(`${config.apiPrefix}/`);
    // HEAD is what link checkers and uptime probes send; it must see what GET would.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const [pathname = '', search = ''] = request.url.split('?', 2);
    if (isRead && !isApi && fs.existsSync(indexHtml) && !path.extname(pathname)) {
      const accept = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      const page =
        pathname.toLowerCase() === '/login' ? await loginWithFirstScreen(request.headers.cookie) : undefined;
      if (page) {
        reply
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .type('text/html; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding ? page[encoding] : page.plain);
      }
      const drawn = await signedInFirstScreen(pathname, search, request.headers.cookie);
      if (drawn) {
        // Per user, so compressed per request, at the API's fast levels (~15 KB → ~5 KB, < 1 ms).
        reply
          .header('cache-control', 'no-store')
          .header('vary', 'Cookie, Accept-Encoding')
          .type('text/html; charset=utf-8');
        if (!encoding) return reply.send(drawn);
        return reply
          .header('content-encoding', encoding)
          .send(
            encoding === 'br'
              ? brotliCompressSync(drawn, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
              : gzipSync(drawn, { level: 6 }),
          );
      }
      // Client-side routes (/order/index …) get the app; the router shows its own 404 page.
      // Vary: Cookie — the same address may come drawn for a signed-in user.
      return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile('index.html');
    }
    if (isRead && !isApi) return reply.status(404).type('text/plain').send('Not found');
    const msg = translate('unknownCall', parseLanguage(request.headers.lng));
    return reply.status(200).send({ code: ResultCode.notFound, msg, data: null });
  });
}
