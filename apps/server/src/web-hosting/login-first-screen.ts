import fs from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Language } from '@partsportal/contract/codes';
import { parseLanguage } from '../platform/language';
import { createFileVersionCache } from './file-version-cache';

/**
 * /login's first screen, in the page itself. The web client's JS (~245 KB gzip: React, antd,
 * i18n) takes seconds to arrive and run on a slow mobile line; until then index.html shows only
 * the boot splash. For /login the server knows what the first screen says — the account's title
 * in the user's language (the `pp_language` cookie) — so it sends the login panel's frame with
 * that heading and grey placeholders where the fields go; React then draws the real form in
 * the same place. Lighthouse mobile: LCP (this heading) from ~3.5 s to the first paint.
 */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Label, field, label, field, error line, button, languages: the heights of the real form. */
const BARS = ['label', 'field', 'label', 'field', 'gap', 'button', 'gap']
  .map((kind) => `<div class="first-screen-bar first-screen-${kind}"></div>`)
  .join('');

/** index.html with the login frame in #root (the splash replaced) and the page's language. */
export function withLoginFirstScreen(html: string, language: Language, title: string, logo: string): string {
  const frame =
    `<main class="login-page" aria-busy="true"><div class="login-panel">` +
    `<div class="login-brand"><img src="${escapeHtml(logo)}" alt="" width="40" height="40" />` +
    `<h1>${escapeHtml(title)}</h1></div>${BARS}</div></main>`;
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${language === 'zh' ? 'zh-CN' : language}">`)
    .replace(
      /(<div id="root">)[\s\S]*?(<\/div>\s*<\/body>)/,
      (_m, open: string) => `${open}${frame}</div>\n  </body>`,
    );
}

/** The `pp_language` cookie (the web client's stored language), zh when absent. */
export function cookieLanguage(cookieHeader: string | undefined): Language {
  const match = /(?:^|;\s*)pp_language=([^;]*)/.exec(cookieHeader ?? '');
  return parseLanguage(match?.[1]);
}

interface Rendered {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Renders and compresses once per index.html version, language, title and logo (a handful of
 * variants), so a /login request costs a lookup, not a compression.
 */
export function createLoginPageCache(indexHtmlPath: string) {
  const indexHtml = createFileVersionCache(indexHtmlPath, (file) => fs.readFileSync(file, 'utf8'));
  let source = '';
  const rendered = new Map<string, Rendered>();
  return (language: Language, title: string, logo: string): Rendered => {
    // The caller checked that index.html exists; a new build makes every variant stale.
    const current = indexHtml() ?? '';
    if (current !== source) {
      source = current;
      rendered.clear();
    }
    const key = JSON.stringify([language, title, logo]);
    let page = rendered.get(key);
    if (!page) {
      const plain = Buffer.from(withLoginFirstScreen(source, language, title, logo));
      page = {
        plain,
        br: brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(plain, { level: 9 }),
      };
      if (rendered.size > 50) rendered.clear(); // titles change rarely; never grow without bound
      rendered.set(key, page);
    }
    return page;
  };
}
