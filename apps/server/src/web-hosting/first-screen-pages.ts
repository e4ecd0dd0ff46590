import type { ProductDetail } from '@partsportal/contract/catalog';
import type { Dashboard } from '@partsportal/contract/dashboard';
import { formatMoney } from '@partsportal/contract/money-format';

/**
 * The page part of a signed-in first screen (signed-in-first-screen.ts, decision 026): what the
 * phone shows before React, drawn in plain HTML at the sizes of the React page. On the pages a
 * buyer opens most, the largest thing on the screen (what Lighthouse times as LCP) is drawn
 * here, so it paints with the HTML instead of after ~400 KB of JavaScript (issue 18, the quiet
 * run: the cart's paste box, the dashboard's figures, the detail's picture at 5.7–6.6 s):
 * - /cart/index: the title, the quick-order line and the bulk panel with the paste box and its
 *   instructions (static texts);
 * - /dashboard: the figure cards, with the figures of the page's first answer (GetDashboard,
 *   computed with the page and handed to the client in the boot data);
 * - /product/detail: the title and the first picture (GetProductDetail, likewise), so the
 *   picture's request starts with the HTML instead of after the JS and the detail call.
 * Other pages, or no answer: grey bars.
 */

/** A page's first data request, answered by the server with the page (BootData.first). */
export interface FirstAnswer {
  /** The request's path with its parameters filled in, as the client's query asks it. */
  path: string;
  body: Record<string, never>;
  data: unknown;
}

/** The static texts the sketches use, beside the route titles (apps/web/build/build-plugins.ts). */
export const PAGE_TEXT_KEYS = [
  'quickOrder.title',
  'quickOrder.numberPlaceholder',
  'quickOrder.qtyPlaceholder',
  'quickOrder.add',
  'bulk.title',
  'bulk.template',
  'bulk.pasteTab',
  'bulk.fileTab',
  'bulk.pastePlaceholder',
  'bulk.match',
  'bulk.pasteHint',
  'dashboard.debts',
  'dashboard.amountDelivered',
  'dashboard.executingOrders',
  'dashboard.cartItems',
] as const;

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface PageSketchInput {
  routePath: string;
  text: (key: string) => string;
  language: string;
  first?: FirstAnswer;
  /** A picture or file link as the client writes it (`/api…?token=…`, asset-url.ts). */
  assetUrl: (path: string) => string;
  /** The user's setting: the detail's title shows their own number (userInfo). */
  showMyNumber: boolean;
}

const bar = (kind: string) => `<div class="first-screen-bar fs-${kind}"></div>`;
const BARS = ['title', 'line', 'line', 'block'].map(bar).join('');

function cartSketch(text: (key: string) => string): string {
  const t = (key: string) => escapeHtml(text(key));
  return (
    `<h1 class="page-title">${t('route.cart')}</h1>` +
    `<div class="quick-order fs-quick-order"><span class="quick-order-title">${t('quickOrder.title')}</span>` +
    `<span class="fs-input fs-input-number">${t('quickOrder.numberPlaceholder')}</span>` +
    `<span class="fs-input fs-input-qty">${t('quickOrder.qtyPlaceholder')}</span>` +
    `<span class="fs-button">${t('quickOrder.add')}</span></div>` +
    `<div class="bulk-panel fs-card"><div class="fs-card-head"><b>${t('bulk.title')}</b>` +
    `<span class="fs-link">${t('bulk.template')}</span></div><div class="fs-card-body">` +
    `<div class="fs-tabs"><span class="fs-tab-active">${t('bulk.pasteTab')}</span><span>${t('bulk.fileTab')}</span></div>` +
    // The LCP element of the React page is the textarea's placeholder: the same text, box and
    // font, so React's one is no larger and the paint here stays the page's largest.
    `<div class="fs-paste-box">${t('bulk.pastePlaceholder')}</div>` +
    `<div class="bulk-actions"><span class="fs-button fs-primary">${t('bulk.match')}</span>` +
    `<span class="muted">${t('bulk.pasteHint')}</span></div></div></div>` +
    bar('line') +
    bar('block')
  );
}

function dashboardSketch(text: (key: string) => string, language: string, data: Dashboard): string {
  const money = (amount: string) => formatMoney(amount, data.currency, language);
  const cards: Array<[string, string | null]> = [
    ['dashboard.debts', data.debts === null ? null : money(data.debts)],
    ['dashboard.amountDelivered', data.amount_delivered === null ? null : money(data.amount_delivered)],
    ['dashboard.executingOrders', data.executing_orders === null ? null : String(data.executing_orders)],
    ['dashboard.cartItems', data.carts === null ? null : String(data.carts)],
  ];
  return (
    `<div class="fs-figures">` +
    cards
      .filter((card): card is [string, string] => card[1] !== null)
      .map(
        ([key, value]) =>
          `<div class="fs-card fs-figure"><div class="fs-figure-title">${escapeHtml(text(key))}</div>` +
          `<div class="fs-figure-value">${escapeHtml(value)}</div></div>`,
      )
      .join('') +
    `</div>` +
    bar('chart')
  );
}

/** The detail's first picture as the client links it, if the page's answer has one. */
function detailPicture(input: PageSketchInput, product: ProductDetail): string | undefined {
  const first = product.images[0];
  return first ? input.assetUrl(first) : undefined;
}

function detailSketch(input: PageSketchInput, product: ProductDetail): string {
  const number = input.showMyNumber && product.my_number ? product.my_number : product.number;
  const picture = detailPicture(input, product);
  // width/height as the React gallery's first picture (product-detail-page.tsx): the browser
  // fetches it once, for this <img> and for React's.
  const img = picture
    ? `<img class="fs-picture" src="${escapeHtml(picture)}" alt="" width="280" height="280" fetchpriority="high" />`
    : '';
  return (
    `<h1 class="page-title">${escapeHtml(`${product.part_name} ${number}`)}</h1>` +
    `<div class="fs-detail"><div class="fs-card fs-gallery">${img}</div>` +
    `<div class="fs-card fs-detail-box">${BARS}</div></div>`
  );
}

/**
 * The page's sketch for the drawn first screen (inside `<div class="page fs-page">`), and the
 * picture it shows, which the page's head preloads ahead of the scripts: on a slow line a
 * picture found after ~100 module preloads waited for all of them (Lighthouse: LCP 6.1 s with
 * the picture in the HTML, 71 % of it the picture's load time behind the JavaScript).
 */
export function pageSketch(input: PageSketchInput): { html: string; picture?: string } {
  const { routePath, first } = input;
  if (routePath === '/cart/index') return { html: cartSketch(input.text) };
  if (routePath === '/dashboard' && first)
    return { html: dashboardSketch(input.text, input.language, first.data as Dashboard) };
  if (routePath === '/product/detail' && first) {
    const product = first.data as ProductDetail;
    const picture = detailPicture(input, product);
    return { html: detailSketch(input, product), ...(picture ? { picture } : {}) };
  }
  return { html: BARS };
}
