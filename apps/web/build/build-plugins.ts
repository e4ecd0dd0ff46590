import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed copy saves less than a packet; the server sends the file as is. */
const MIN_BYTES = 1024;
/** The module main.tsx imports to mount the app (decision 034). */
export const APP_START_SOURCE = 'src/app/start-app.tsx';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server
 * (@fastify/static with `preCompressed`) sends them without compressing per request:
 * maximum compression costs seconds once here instead of CPU on every download.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'partsportal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'),
      );
      await Promise.all(
        [...new Set(files)].map(async (file) => {
          const full = path.join(outDir, file);
          const bytes = await fs.readFile(full).catch(() => null);
          if (!bytes || bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          // A compressed copy that is not smaller would only cost the browser time.
          if (br.length < bytes.length) await fs.writeFile(`${full}.br`, br);
          if (gz.length < bytes.length) await fs.writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Writes `.vite/chunk-packages.json` (chunk file → npm packages inside it), which the
 * manifest lacks: scripts/check-bundle.mjs proves with it that ECharts stays in the
 * dashboard's chunks.
 */
export function chunkPackages(): Plugin {
  return {
    name: 'partsportal:chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const packages = new Set<string>();
        for (const id of output.moduleIds) {
          const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
          if (match?.[1]) packages.add(match[1].replace('\\', '/'));
        }
        map[output.fileName] = [...packages].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: JSON.stringify(map, null, 1),
      });
    },
  };
}

/**
 * The entry stylesheet goes into index.html when it compresses to this or less: the page's HTML
 * (~4 KB compressed with the drawn first screen) and the styles then still fit the first round
 * trip's ~14 KB. Compressed bytes, not raw ones: a raw 16 KB limit let the shell's styles grow
 * past it by 16 bytes (16,400, 4.9 KB gzip) and silently become a request again (issue 18).
 */
const INLINE_CSS_GZIP_LIMIT = 8 * 1024;

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">\n?\s*/g;

/**
 * Puts the entry stylesheet (the shell's styles) into index.html: as a `<link>` it is the one
 * render-blocking request, a whole round trip before the first paint on mobile, and Vite writes
 * it after the entry's ~20 module preloads, so on HTTP/1.1 (six connections) it also waited for
 * them. A stylesheet too big to inline moves ahead of the preloads instead. The CSP already
 * allows inline styles (antd writes its CSS-in-JS into <style> tags).
 */
export function inlineEntryStylesheet(html: string, cssOf: (file: string) => string | undefined): string {
  const kept: string[] = [];
  const edited = html.replace(STYLESHEET_LINK, (tag, file: string) => {
    const css = cssOf(file);
    if (css !== undefined && !css.includes('</style') && gzipSync(css).length <= INLINE_CSS_GZIP_LIMIT)
      return `<style>${css}</style>\n    `;
    kept.push(tag.trim());
    return '';
  });
  if (kept.length === 0) return edited;
  const first = edited.search(/<link rel="modulepreload"|<script type="module"/);
  const at = first < 0 ? edited.indexOf('</head>') : first;
  return `${edited.slice(0, at)}${kept.join('\n    ')}\n    ${edited.slice(at)}`;
}

export function inlineEntryCss(): Plugin {
  return indexHtmlStep('partsportal:inline-entry-css', (html, bundle) =>
    inlineEntryStylesheet(html, (file) => {
      const asset = bundle[file];
      return asset?.type === 'asset' ? String(asset.source) : undefined;
    }),
  );
}

/** A build step that rewrites index.html after Vite's own HTML step (which writes the tags). */
function indexHtmlStep(name: string, edit: (html: string, bundle: Rolldown.OutputBundle) => string): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      page.source = edit(String(page.source), bundle);
    },
  };
}

/** `closure(file)`: the chunk files `file` loads, itself included (its static imports, transitively). */
function closureOf(chunks: readonly { fileName: string; imports: readonly string[] }[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  return closure;
}

/**
 * main.tsx loads the app's start (React DOM, antd's core, the route table) with import(), so its
 * evaluation is a task of its own (decision 034). The entry script only asks for those chunks
 * once it runs; these `<link rel="modulepreload">` tags let the browser fetch them while it
 * parses the page, as it did when they were static imports of the entry.
 */
export function preloadDynamicStart(source: string): Plugin {
  return indexHtmlStep('partsportal:preload-dynamic-start', (html, bundle) => {
    const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
    const closure = closureOf(chunks);
    const entry = chunks.find((chunk) => chunk.isEntry);
    const start = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
    if (!entry || !start) throw new Error(`preload-dynamic-start: no entry or no chunk for ${source}`);
    const loaded = closure(entry.fileName);
    const links = [...closure(start.fileName)]
      .filter((file) => !loaded.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const at = html.indexOf('<script type="module"');
    if (at < 0) throw new Error('preload-dynamic-start: no module script in index.html');
    return `${html.slice(0, at)}${links}\n    ${html.slice(at)}`;
  });
}

/** The meta tag of index.html that names the prefetch list (apps/web/src/app/prefetch-next.ts reads it). */
export const NEXT_FILES_META = 'pp-next-files';

/**
 * What a buyer opens next, by the module that loads it: the signed-in layout (after /login), the
 * phone's sidebar drawer, and the ordering path — the home page, the catalogue, the cart. A test
 * (prefetch-next.test.ts) keeps the route paths equal to the route table's loaders.
 */
export const NEXT_FILE_SETS: Readonly<Record<string, readonly string[]>> = {
  '@layout': ['src/app/layout/app-layout.tsx', 'src/shared/api/auth-api.ts'],
  '@drawer': ['src/app/layout/mobile-sidebar.tsx'],
  '/dashboard': ['src/features/dashboard/dashboard-page.tsx'],
  '/product/index': ['src/features/catalog/catalog-page.tsx'],
  '/cart/index': ['src/features/cart/cart-page.tsx'],
};

interface IslandChunk {
  fileName: string;
  imports: readonly string[];
  facadeModuleId?: string | null;
  isEntry?: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The JSON of index.html's prefetch list: every file name once, and per set the indexes of the
 * files (JavaScript and CSS) its modules load, without what the entry and the app's start load.
 */
export function nextFilesIsland(
  chunks: readonly IslandChunk[],
  sets: Readonly<Record<string, readonly string[]>>,
  startSource: string,
): { files: string[]; sets: Record<string, number[]> } {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = closureOf(chunks);
  const bySource = (source: string) => {
    const chunk = chunks.find((item) => item.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
    if (!chunk) throw new Error(`next-files: no chunk for ${source}`);
    return chunk.fileName;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('next-files: no entry chunk');
  const loaded = new Set([...closure(entry.fileName), ...closure(bySource(startSource))]);
  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const result: Record<string, number[]> = {};
  for (const [name, sources] of Object.entries(sets)) {
    const wanted = new Set<string>();
    for (const source of sources)
      for (const file of closure(bySource(source))) {
        if (loaded.has(file)) continue;
        wanted.add(file);
        for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) wanted.add(css);
      }
    result[name] = [...wanted].map(indexOf);
  }
  return { files, sets: result };
}

/**
 * Writes the list of files a buyer's next pages load (`assets/next-files-<hash>.json`) and names
 * it in index.html: the client fetches and prefetches them once the page shown is done
 * (prefetch-next.ts), so a tap on the catalogue or the sign-in does not wait for ~140 KB of
 * JavaScript on a phone's line. Not in a chunk: a chunk's name is its content's hash, and the list
 * names the other chunks; not inline: it would add ~2 KB to every page's HTML.
 */
export function nextFilesData(startSource: string): Plugin {
  return {
    name: 'partsportal:next-files',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter(
        (item) => item.type === 'chunk',
      ) as unknown as IslandChunk[];
      const reference = this.emitFile({
        type: 'asset',
        name: 'next-files.json',
        source: JSON.stringify(nextFilesIsland(chunks, NEXT_FILE_SETS, startSource)),
      });
      const html = String(page.source);
      if (!html.includes('</head>')) throw new Error('next-files: no </head> in index.html');
      const meta = `<meta name="${NEXT_FILES_META}" content="/${this.getFileName(reference)}">`;
      page.source = html.replace('</head>', `  ${meta}\n  </head>`);
    },
  };
}

/**
 * antd components the app never uses, as their CSS class names (`.ant-<name>…`). Their rules
 * are ~110 kB of antd.css's ~1 MB, which every page parses before its first render
 * (Lighthouse: a 300–500 ms style task on mobile, `unused-css-rules`). The list is checked
 * against the source: importing one of these components from 'antd' fails the build. Steps and
 * Tree stay although the app imports neither: antd's Timeline is built on Steps and the
 * Table's filter dropdown on Tree.
 */
const UNUSED_ANTD_COMPONENTS: Record<string, string> = {
  anchor: 'Anchor',
  avatar: 'Avatar',
  carousel: 'Carousel',
  collapse: 'Collapse',
  'color-picker': 'ColorPicker',
  'float-btn': 'FloatButton',
  masonry: 'Masonry',
  mentions: 'Mentions',
  qrcode: 'QRCode',
  rate: 'Rate',
  segmented: 'Segmented',
  slider: 'Slider',
  splitter: 'Splitter',
  tour: 'Tour',
  transfer: 'Transfer',
  'tree-select': 'TreeSelect',
  watermark: 'Watermark',
};

/** Top-level blocks of a minified stylesheet: `selector{…}` or `@rule{…}`. */
function cssBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < css.length) blocks.push(css.slice(start));
  return blocks;
}

export function dropUnusedAntdCss(
  css: string,
  unused: readonly string[] = Object.keys(UNUSED_ANTD_COMPONENTS),
): string {
  const names = unused.map((name) => name.replace(/[-]/g, '\\-')).join('|');
  // `.css-var-<key>.ant-x{--ant-x-…}` holds a component's variables.
  const unusedSelector = new RegExp(`^\\s*(?:\\.css-var-[\\w-]+)?\\.ant-(?:${names})(?![a-z])`);
  return cssBlocks(css)
    .filter((block) => {
      if (block.trimStart().startsWith('@')) return true;
      const selectors = block.slice(0, block.indexOf('{')).split(',');
      return !selectors.every((selector) => unusedSelector.test(selector));
    })
    .join('');
}

export function trimAntdStylesheet(srcDir: string): Plugin {
  return {
    name: 'partsportal:trim-antd-stylesheet',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const files = await fs.readdir(srcDir, { recursive: true });
      const imported = new Set<string>();
      for (const file of files) {
        if (!/\.tsx?$/.test(file)) continue;
        const source = await fs.readFile(path.join(srcDir, file), 'utf8');
        for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'/g))
          for (const name of (match[1] ?? '').split(','))
            imported.add(
              name
                .replace(/\btype\b/, '')
                .split(' as ')[0]
                ?.trim() ?? '',
            );
      }
      const clash = Object.values(UNUSED_ANTD_COMPONENTS).filter((name) => imported.has(name));
      if (clash.length > 0)
        this.error(
          `antd ${clash.join(', ')} imported, but its CSS is dropped: remove it from UNUSED_ANTD_COMPONENTS (build/build-plugins.ts)`,
        );
    },
    transform(code, id) {
      if (!/[\\/]antd[\\/]dist[\\/]antd\.css(\?|$)/.test(id)) return null;
      return { code: dropUnusedAntdCss(code), map: null };
    },
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

interface TableRoute {
  path: string;
  titleKey: string;
  icon?: string;
  menus?: readonly string[];
  hidden?: boolean;
  needsShowAddress?: boolean;
  sidebarOnly?: boolean;
  menuQuery?: string;
  page?: () => unknown;
  children?: TableRoute[];
}

const LANGUAGES = ['zh', 'en', 'es'] as const;
/** The few texts the server's drawn first screen shows (besides every route title). */
const FIRST_SCREEN_TEXT_KEYS = [
  'app.title',
  'nav.welcome',
  'nav.sidebar',
  'nav.topMenu',
  'common.loading',
  // The page sketches' texts: PAGE_TEXT_KEYS of apps/server/src/web-hosting/first-screen-pages.ts
  // (its test keeps the two lists equal).
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
];
const LOCALE_SOURCES: Record<(typeof LANGUAGES)[number], RegExp> = {
  zh: /(src\/locales\/zh\.json|antd\/es\/locale\/zh_CN\.js|dayjs\/locale\/zh-cn\.js)$/,
  en: /(src\/locales\/en\.json|antd\/es\/locale\/en_US\.js)$/,
  es: /(src\/locales\/es\.json|antd\/es\/locale\/es_ES\.js|dayjs\/locale\/es\.js)$/,
};

/**
 * Writes `.vite/first-screen.json` for the server's drawn first screen of signed-in pages
 * (apps/server/src/web-hosting/signed-in-first-screen.ts, decision 026): the route table (paths,
 * menu codes, groups), the route titles and the few shell texts in every language, and per route
 * the chunks to `<link rel="modulepreload">` (the layout's and the page's static closure, without
 * what the entry script already loads) plus each language's packs. The route table is read with
 * Vite's module runner, so the page loaders are never run.
 */
export function firstScreenData(root: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'partsportal:first-screen-data',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const { runnerImport } = await import('vite');
      const { module } = await runnerImport<{ ROUTE_TABLE: TableRoute[] }>(
        path.join(root, 'src/app/route-table.ts'),
        { configFile: false, root, logLevel: 'error' },
      );
      const manifest = JSON.parse(
        await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      const closure = (key: string, seen = new Set<string>()) => {
        const chunk = manifest[key];
        if (!chunk || seen.has(key)) return seen;
        seen.add(key);
        for (const imported of chunk.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
      if (!entryKey) throw new Error('first-screen data: no entry chunk in the manifest');
      // index.html preloads the app's start as well (preloadDynamicStart).
      const loadedByEntry = new Set(
        [...closure(entryKey), ...closure(APP_START_SOURCE)].map((key) => manifest[key]?.file),
      );
      const filesOf = (keys: Iterable<string>) =>
        [...new Set([...keys].map((key) => manifest[key]?.file ?? ''))].filter(
          (file) => file.endsWith('.js') && !loadedByEntry.has(file),
        );
      const layout = [...closure('src/app/layout/app-layout.tsx'), ...closure('src/shared/api/auth-api.ts')];

      const routes: object[] = [];
      const visit = (list: TableRoute[], group?: TableRoute) => {
        for (const route of list) {
          if (route.children) {
            visit(route.children, route);
            continue;
          }
          const source = /features\/[\w/-]+/.exec(String(route.page))?.[0];
          const pageKey = source ? `src/${source}.tsx` : undefined;
          routes.push({
            path: route.path,
            titleKey: route.titleKey,
            icon: route.icon,
            menus: route.menus,
            hidden: route.hidden,
            needsShowAddress: route.needsShowAddress,
            sidebarOnly: route.sidebarOnly,
            menuQuery: route.menuQuery,
            group: group ? { path: group.path, titleKey: group.titleKey, menus: group.menus } : undefined,
            preload: filesOf([...layout, ...(pageKey ? closure(pageKey) : [])]),
          });
        }
      };
      visit(module.ROUTE_TABLE);

      const texts: Record<string, Record<string, string>> = {};
      const locales: Record<string, string[]> = {};
      for (const language of LANGUAGES) {
        const pack = JSON.parse(
          await fs.readFile(path.join(root, `src/locales/${language}.json`), 'utf8'),
        ) as Record<string, unknown>;
        const lookup = (key: string) =>
          key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], pack);
        const wanted = [...FIRST_SCREEN_TEXT_KEYS];
        const collect = (list: TableRoute[]) => {
          for (const route of list) {
            wanted.push(route.titleKey);
            if (route.children) collect(route.children);
          }
        };
        collect(module.ROUTE_TABLE);
        texts[language] = Object.fromEntries(
          wanted
            .map((key) => [key, lookup(key)])
            .filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
        );
        locales[language] = filesOf(
          Object.keys(manifest).filter((key) => LOCALE_SOURCES[language].test(key)),
        );
      }
      await fs.writeFile(
        path.join(outDir, '.vite/first-screen.json'),
        JSON.stringify({ routes, texts, locales }, null, 1),
      );
    },
  };
}

/** One import in an antd module that pulls in code its users here never run, and what it becomes. */
interface AntdImportRewrite {
  module: RegExp;
  from: string;
  to: string;
}

/**
 * antd modules that pages load without a Form, each importing one small thing from a module that
 * brings the whole of rc-form with its async-validator (14.5 KB gzip): `@rc-component/form`'s index
 * attaches Field, List, useForm and useWatch to its default export as statements, so no bundler
 * can drop them.
 * - `form/context` (Input, Select, Dropdown and most other inputs, for the form item's status)
 *   takes `FormProvider` from that index: on /login and in every signed-in layout.
 * - `radio/group` takes `toNamePathStr` (a name's parts joined by `_`) from antd's Form hooks, which
 *   import rc-form's index: every page with a Table, whose filter menu imports Radio.
 * Each import is pointed at what it needs; pages with a Form still get rc-form from antd's Form.
 * - `card/Card` imports antd's Tabs (10.6 KB gzip) for its `tabList` prop, which no page here
 *   uses: every page with a Card carried Tabs. Card gets Tabs through `React.lazy` (should a page
 *   use `tabList` one day, its tabs come a moment later); pages with Tabs still import them.
 * - antd's Table imports its column filter menu (antd's Tree, Menu, Dropdown, Checkbox, Radio,
 *   Input) and rc-table's virtual table; no column here has `filters` and no table is `virtual`.
 *   Both come through `React.lazy` (decision 037).
 */
export const ANTD_IMPORT_REWRITES: AntdImportRewrite[] = [
  {
    module: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  {
    module: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
    from: "import { toNamePathStr } from '../form/hooks/useForm';",
    // antd's own body of toNamePathStr (form/hooks/useForm.js), on antd's own toArray.
    to: "import { toArray as toNamePath } from '../form/util';\nconst toNamePathStr = (name) => toNamePath(name).join('_');",
  },
  {
    module: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
    from: "import Tabs from '../tabs';",
    // Card.js imports React as `* as React` above this line.
    to: "const LazyTabs = React.lazy(() => import('../tabs'));\nconst Tabs = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTabs, props));",
  },
  {
    module: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    from: "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
    // useFilter/index.js imports React as `* as React` above this line. Until the menu's code
    // arrives the column shows its title alone (the dropdown's children); flattenKeys is antd's
    // own body (FilterDropdown.js), which getFilterData runs on every render of every table.
    to:
      "const LazyFilterDropdown = React.lazy(() => import('./FilterDropdown'));\n" +
      'const FilterDropdown = (props) => React.createElement(React.Suspense, { fallback: props.children }, React.createElement(LazyFilterDropdown, props));\n' +
      'function flattenKeys(filters) { let keys = []; (filters || []).forEach(({ value, children }) => { keys.push(value); if (children) keys = keys.concat(flattenKeys(children)); }); return keys; }',
  },
  {
    module: /[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/,
    from: "import RcVirtualTable from './RcTable/VirtualTable';",
    // InternalTable.js imports React as `* as React` above this line. The ref InternalTable
    // hands the table arrives as a prop (React 19) and goes on to the loaded table.
    to:
      "const LazyVirtualTable = React.lazy(() => import('./RcTable/VirtualTable'));\n" +
      'const RcVirtualTable = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyVirtualTable, props));',
  },
];

export function antdImportRewrites(rewrites = ANTD_IMPORT_REWRITES): Plugin {
  return {
    name: 'partsportal:antd-import-rewrites',
    transform(code, id) {
      const rewrite = rewrites.find((candidate) => candidate.module.test(id));
      if (!rewrite) return null;
      // A new antd that imports it differently: fail, so the saving is not lost unnoticed.
      if (!code.includes(rewrite.from))
        throw new Error(`${id} no longer has "${rewrite.from}": update antdImportRewrites`);
      return { code: code.replace(rewrite.from, rewrite.to), map: null };
    },
  };
}
