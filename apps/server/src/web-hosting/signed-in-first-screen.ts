import fs from 'node:fs';
import path from 'node:path';
import type { UserInfo } from '@partsportal/contract/auth';
import type { Language } from '@partsportal/contract/codes';
import { ADMIN_ROLE } from '@partsportal/contract/endpoint';
import type { StaticConfig } from '@partsportal/contract/static-config';
import { createFileVersionCache } from './file-version-cache';
import { escapeHtml, pageSketch, type FirstAnswer } from './first-screen-pages';

/**
 * The first screen of a signed-in page, drawn by the server (issue 18 item 1, decision 026).
 * Without it a phone on a slow line showed the boot splash until a chain of round trips had
 * finished: entry JS → static/config.json → GetUserInfo → layout and page chunks → the page's
 * data. When the page request carries the session cookie (`pp_token`, SameSite=Strict) and the
 * session is valid, the page arrives with:
 * - the shell drawn in plain HTML (sidebar with the user's menus, navbar with the welcome line,
 *   the page's skeleton), styled by the entry CSS already inlined into index.html; React replaces
 *   it in place (same sizes, styles.css "Signed-in first screen");
 * - the boot data inline (`<script type="application/json" id="pp-boot">`: the static config,
 *   the user info, the language), which the client reads instead of calling for them;
 * - `<link rel="modulepreload">` for the route's chunks and the language's packs, from the build's
 *   `.vite/first-screen.json` (apps/web/build/build-plugins.ts, firstScreenData).
 * The cookie only draws this screen: the API reads the Token header alone.
 */

export interface FirstScreenRoute {
  path: string;
  titleKey: string;
  icon?: string;
  menus?: string[];
  hidden?: boolean;
  needsShowAddress?: boolean;
  sidebarOnly?: boolean;
  menuQuery?: string;
  group?: { path: string; titleKey: string; menus?: string[] };
  preload: string[];
}

export interface FirstScreenData {
  routes: FirstScreenRoute[];
  texts: Record<string, Record<string, string>>;
  locales: Record<string, string[]>;
}

export interface BootData {
  config: StaticConfig;
  userInfo: UserInfo;
  language: Language;
  /** The page's first data request, answered with the page (first-screen-pages.ts). */
  first?: FirstAnswer;
}

const HOME_PATH = '/dashboard';

/**
 * JSON that is safe inside a <script> element: `<` `>` `&` and the two JS line separators as
 * \u escapes, so no value (a company named `</script><script>…`) can end the element early.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The route of a path (case-insensitive, as the client's router; `/` is the dashboard). */
export function findFirstScreenRoute(data: FirstScreenData, pathname: string): FirstScreenRoute | undefined {
  const wanted = (pathname === '/' ? HOME_PATH : pathname).replace(/\/+$/, '').toLowerCase();
  return data.routes.find((route) => route.path.toLowerCase() === wanted);
}

const holds = (required: readonly string[] | undefined, userInfo: UserInfo) =>
  userInfo.roles.includes(ADMIN_ROLE) ||
  !required ||
  required.length === 0 ||
  required.some((code) => userInfo.menus.includes(code));

/** Whether the user may open the route (spec §6, as the client's guard decides). */
export const mayOpen = (route: FirstScreenRoute, userInfo: UserInfo) => holds(route.menus, userInfo);

/** The sidebar's entries: the client's visibleRoutes(userInfo, false) over the same table. */
export function sidebarEntries(data: FirstScreenData, userInfo: UserInfo) {
  const admin = userInfo.roles.includes(ADMIN_ROLE);
  const entries: Array<{ path: string; titleKey: string; children?: FirstScreenRoute[] }> = [];
  for (const route of data.routes) {
    if (route.hidden || !holds(route.menus, userInfo)) continue;
    if (route.needsShowAddress && !userInfo.show_address && !admin) continue;
    if (!route.group) {
      entries.push(route);
      continue;
    }
    if (!holds(route.group.menus, userInfo)) continue;
    let group = entries.find((entry) => entry.path === route.group?.path);
    if (!group) {
      group = { path: route.group.path, titleKey: route.group.titleKey, children: [] };
      entries.push(group);
    }
    group.children?.push(route);
  }
  return entries;
}

/** index.html with the signed-in first screen, the boot data and the preload hints. */
export function withSignedInFirstScreen(
  html: string,
  options: {
    data: FirstScreenData;
    route: FirstScreenRoute;
    boot: BootData;
    sidebarOpened: boolean;
    /** A picture link as the client writes it, with the session's token (asset-url.ts). */
    assetUrl: (path: string) => string;
  },
): string {
  const { data, route, boot, sidebarOpened } = options;
  const texts = data.texts[boot.language] ?? data.texts.zh ?? {};
  const text = (key: string) => texts[key] ?? key;
  const appTitle = boot.config.homeTitle?.[boot.language] || text('app.title');
  const selectedGroup = route.group?.path;

  const item = (entry: { path: string; titleKey: string }, nested = false) =>
    `<li class="fs-item${nested ? ' fs-nested' : ''}${entry.path === route.path ? ' fs-selected' : ''}">` +
    `${escapeHtml(text(entry.titleKey))}</li>`;
  const menu = sidebarEntries(data, boot.userInfo)
    .map((entry) =>
      entry.children
        ? item(entry) +
          (entry.path === selectedGroup ? entry.children.map((child) => item(child, true)).join('') : '')
        : item(entry),
    )
    .join('');
  const logo = escapeHtml(boot.config.homeLogo || '/logo.svg');
  const welcome = escapeHtml(text('nav.welcome').replace('{{company}}', boot.userInfo.company_name));
  // The navbar's trail (Dashboard / group / page), none on the dashboard: at 375 px it decides
  // whether the welcome line wraps below it, so the drawn one must take the same room.
  const trail =
    route.path === HOME_PATH
      ? ''
      : [text('route.dashboard'), ...(route.group ? [text(route.group.titleKey)] : [])]
          .map((part) => `${escapeHtml(part)}<i>/</i>`)
          .join('') + `<b>${escapeHtml(text(route.titleKey))}</b>`;
  const sketch = pageSketch({
    routePath: route.path,
    text,
    language: boot.language,
    ...(boot.first ? { first: boot.first } : {}),
    assetUrl: options.assetUrl,
    showMyNumber: boot.userInfo.product_detail_title_show_my_number,
  });
  const shell =
    `<div class="fs-shell${sidebarOpened ? '' : ' fs-collapsed'}" aria-busy="true">` +
    `<nav class="fs-sider" aria-label="${escapeHtml(text('nav.sidebar'))}">` +
    `<div class="sidebar-logo"><img src="${logo}" alt="" width="28" height="28" />` +
    `<span>${escapeHtml(appTitle)}</span></div><ul class="fs-menu">${menu}</ul></nav>` +
    `<div class="fs-main"><header class="navbar"><div class="navbar-row"></div>` +
    `<div class="navbar-row navbar-sub"><span class="breadcrumb fs-breadcrumb">${trail}</span>` +
    `<p class="welcome">${welcome}</p></div></header><div class="fs-tags"></div>` +
    `<main class="app-content"><div class="app-container"><div class="page fs-page">${sketch.html}</div></div></main>` +
    `</div></div>`;

  const preload = [...route.preload, ...(data.locales[boot.language] ?? [])]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
    .join('');
  const bootTag = `<script type="application/json" id="pp-boot">${scriptJson(boot)}</script>`;
  // Before the entry script and every module preload (the app's start's come before the entry
  // script since decision 034), so the picture is the first request after the page.
  const picture = sketch.picture
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(sketch.picture)}">`
    : '';
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${boot.language === 'zh' ? 'zh-CN' : boot.language}">`)
    .replace(/<link rel="modulepreload"|<script type="module"/, (tag) => `${picture}${tag}`)
    .replace('</head>', `${preload}${bootTag}</head>`)
    .replace(
      /(<div id="root">)[\s\S]*?(<\/div>\s*<\/body>)/,
      (_m, open: string) => `${open}${shell}</div>\n  </body>`,
    );
}

/** `.vite/first-screen.json` of the build, reread when the build changes; undefined without one. */
export function createFirstScreenDataCache(webDir: string) {
  return createFileVersionCache(
    path.join(webDir, '.vite', 'first-screen.json'),
    (file) => JSON.parse(fs.readFileSync(file, 'utf8')) as FirstScreenData,
  );
}

/** The `pp_token` cookie, or undefined. */
export function cookieToken(cookieHeader: string | undefined): string | undefined {
  const match = /(?:^|;\s*)pp_token=([^;]*)/.exec(cookieHeader ?? '');
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
