import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  antdImportRewrites,
  dropUnusedAntdCss,
  inlineEntryStylesheet,
  nextFilesIsland,
} from './build-plugins';

describe('dropUnusedAntdCss', () => {
  it('drops rules whose every selector belongs to an unused component, keeps the rest', () => {
    const css =
      '.ant-steps{color:red}.ant-steps-item,.ant-steps-rtl .x{margin:0}' +
      '.ant-step{color:blue}.ant-tree-select{a:b}.ant-treeview{c:d}' +
      '.ant-steps,.ant-btn{padding:0}@media (max-width:1px){.ant-steps{color:red}}' +
      '.ant-table .ant-tree{e:f}.css-var-_R_0_.ant-steps{--ant-steps-x:1}.css-var-_R_0_.ant-btn{--y:2}';
    expect(dropUnusedAntdCss(css, ['steps', 'tree-select', 'tree'])).toBe(
      '.ant-step{color:blue}.ant-treeview{c:d}.ant-steps,.ant-btn{padding:0}' +
        '@media (max-width:1px){.ant-steps{color:red}}.ant-table .ant-tree{e:f}.css-var-_R_0_.ant-btn{--y:2}',
    );
  });

  it('keeps every used component of the real antd.css and drops a sizeable part', () => {
    const require = createRequire(import.meta.url);
    const css = fs.readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
    const trimmed = dropUnusedAntdCss(css);
    for (const used of [
      '.ant-btn{',
      '.ant-table{',
      '.ant-select{',
      '.ant-image{',
      '.ant-timeline{',
      '.ant-menu{',
    ])
      expect(trimmed).toContain(used);
    for (const unused of ['.ant-tour{', '.ant-transfer{', '.ant-mentions{', '.ant-carousel{'])
      expect(trimmed).not.toContain(unused);
    expect(trimmed.length).toBeLessThan(css.length * 0.93);
    // Balanced braces: no block was cut in half.
    expect(trimmed.split('{').length).toBe(trimmed.split('}').length);
  });
});

describe("the rc-component packages' modules (vite.config.ts marks them free of side effects)", () => {
  it('import no module for its effect alone, so rolldown may drop the ones nothing uses', () => {
    const root = path.dirname(createRequire(import.meta.url).resolve('@rc-component/table/package.json'));
    const scope = path.dirname(root);
    const bare: string[] = [];
    let modules = 0;
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.js')) {
          modules++;
          if (/^import\s*['"]/m.test(fs.readFileSync(file, 'utf8'))) bare.push(file);
        }
      }
    };
    for (const pkg of fs.readdirSync(scope)) {
      const es = path.join(scope, pkg, 'es');
      if (fs.existsSync(es)) walk(es);
    }
    expect(modules).toBeGreaterThan(500);
    expect(bare).toEqual([]);
  });
});

describe('antdImportRewrites', () => {
  const require = createRequire(import.meta.url);
  const transform = (code: string, id: string) =>
    (antdImportRewrites().transform as (code: string, id: string) => { code: string } | null)(code, id);

  it("takes FormProvider from its own module in the installed antd, not from rc-form's index", () => {
    const file = require.resolve('antd/es/form/context.js');
    const result = transform(fs.readFileSync(file, 'utf8'), file);
    expect(result?.code).toContain("from '@rc-component/form/es/FormContext'");
    expect(result?.code).not.toContain("from '@rc-component/form';");
    // The module it points at exists and has the export.
    expect(fs.readFileSync(require.resolve('@rc-component/form/es/FormContext.js'), 'utf8')).toContain(
      'export { FormProvider }',
    );
  });

  it("gives Radio.Group antd's own toNamePathStr without importing antd's Form hooks", () => {
    const file = require.resolve('antd/es/radio/group.js');
    const result = transform(fs.readFileSync(file, 'utf8'), file);
    expect(result?.code).not.toContain('form/hooks/useForm');
    expect(result?.code).toContain("from '../form/util'");
    // The body it copies is still antd's (else the copy would drift from the Form's ids).
    const hooks = fs.readFileSync(require.resolve('antd/es/form/hooks/useForm.js'), 'utf8');
    expect(hooks).toContain("import { getFieldId, toArray } from '../util';");
    expect(hooks).toMatch(
      /export function toNamePathStr\(name\) \{\s+const namePath = toArray\(name\);\s+return namePath\.join\('_'\);\s+\}/,
    );
    // The copy answers as antd's does.
    const toArray = (candidate: unknown) =>
      candidate === undefined || candidate === false
        ? []
        : Array.isArray(candidate)
          ? candidate
          : [candidate];
    const copy = new Function(
      'toNamePath',
      `${result?.code.match(/const toNamePathStr = [^;]+;/)?.[0]} return toNamePathStr;`,
    )(toArray) as (name: unknown) => string;
    expect(copy(['items', 0, 'state'])).toBe('items_0_state');
    expect(copy('state')).toBe('state');
    expect(copy(undefined)).toBe('');
  });

  it("gives Card antd's Tabs on demand: no static import of Tabs, React already imported above", () => {
    const file = require.resolve('antd/es/card/Card.js');
    const source = fs.readFileSync(file, 'utf8');
    const code = transform(source, file)?.code ?? '';
    expect(code).not.toContain("import Tabs from '../tabs';");
    expect(code).toContain("React.lazy(() => import('../tabs'))");
    expect(source.indexOf("import * as React from 'react';")).toBeGreaterThanOrEqual(0);
    expect(source.indexOf("import * as React from 'react';")).toBeLessThan(
      source.indexOf("import Tabs from '../tabs';"),
    );
    // Card still draws Tabs only for tabList, under the name the rewrite defines.
    expect(code).toMatch(/tabList \? \(\/\*#__PURE__\*\/React\.createElement\(Tabs,/);
  });

  it("gives Table its filter menu on demand, with antd's flattenKeys for getFilterData", () => {
    const file = require.resolve('antd/es/table/hooks/useFilter/index.js');
    const source = fs.readFileSync(file, 'utf8');
    const code = transform(source, file)?.code ?? '';
    expect(code).not.toMatch(/^import .* from '\.\/FilterDropdown';$/m);
    expect(code).toContain("React.lazy(() => import('./FilterDropdown'))");
    expect(source.indexOf("import * as React from 'react';")).toBeGreaterThanOrEqual(0);
    expect(source.indexOf("import * as React from 'react';")).toBeLessThan(
      source.indexOf("import FilterDropdown, { flattenKeys } from './FilterDropdown';"),
    );
    // A filter column still draws FilterDropdown, and the module still re-exports flattenKeys.
    expect(code).toContain('React.createElement(FilterDropdown, {');
    expect(code).toContain('export { flattenKeys };');
    // The copy answers as antd's does (antd's body: FilterDropdown.js).
    expect(
      fs.readFileSync(require.resolve('antd/es/table/hooks/useFilter/FilterDropdown.js'), 'utf8'),
    ).toMatch(
      /export function flattenKeys\(filters\) \{\s+let keys = \[\];\s+\(filters \|\| \[\]\)\.forEach\(\(\{\s+value,\s+children\s+\}\) => \{\s+keys\.push\(value\);\s+if \(children\) \{\s+keys = \[\]\.concat\(_toConsumableArray\(keys\), _toConsumableArray\(flattenKeys\(children\)\)\);/,
    );
    const copy = new Function(
      `${code.match(/function flattenKeys\(filters\) \{.*\}/)?.[0]} return flattenKeys;`,
    )() as (filters: unknown) => unknown[];
    expect(
      copy([
        { value: 'a' },
        { value: 'b', children: [{ value: 'c' }, { value: 'd', children: [{ value: 1 }] }] },
      ]),
    ).toEqual(['a', 'b', 'c', 'd', 1]);
    expect(copy(undefined)).toEqual([]);
  });

  it("gives Table the virtual table on demand, with InternalTable's ref passed on", () => {
    const file = require.resolve('antd/es/table/InternalTable.js');
    const source = fs.readFileSync(file, 'utf8');
    const code = transform(source, file)?.code ?? '';
    expect(code).not.toContain("import RcVirtualTable from './RcTable/VirtualTable';");
    expect(code).toContain("React.lazy(() => import('./RcTable/VirtualTable'))");
    expect(source.indexOf("import * as React from 'react';")).toBeLessThan(
      source.indexOf("import RcVirtualTable from './RcTable/VirtualTable';"),
    );
    // Only `virtual` tables draw it, and the ref goes to it as a prop.
    expect(code).toContain('const TableComponent = virtual ? RcVirtualTable : RcTable;');
    expect(code).toMatch(/React\.createElement\(TableComponent, \{[^]*?ref: tblRef,/);
  });

  it('leaves other modules alone and fails loudly when antd changes the import', () => {
    expect(transform('import x from "y";', '/x/antd/es/button/index.js')).toBeNull();
    expect(() => transform('export {};', require.resolve('antd/es/form/context.js'))).toThrow(
      'update antdImportRewrites',
    );
    expect(() => transform('export {};', require.resolve('antd/es/radio/group.js'))).toThrow(
      'update antdImportRewrites',
    );
    for (const module of [
      'antd/es/card/Card.js',
      'antd/es/table/hooks/useFilter/index.js',
      'antd/es/table/InternalTable.js',
    ])
      expect(() => transform('export {};', require.resolve(module))).toThrow('update antdImportRewrites');
  });
});

describe('nextFilesIsland', () => {
  const chunk = (fileName: string, imports: string[], facadeModuleId?: string, css: string[] = []) => ({
    fileName,
    imports,
    facadeModuleId,
    viteMetadata: { importedCss: new Set(css) },
  });
  const chunks = [
    { ...chunk('assets/index.js', ['assets/react.js']), isEntry: true },
    chunk('assets/react.js', []),
    chunk('assets/start.js', ['assets/react.js', 'assets/router.js'], '/w/src/app/start-app.tsx'),
    chunk('assets/router.js', []),
    chunk('assets/table.js', ['assets/react.js'], undefined, ['assets/table.css']),
    chunk(
      'assets/catalog.js',
      ['assets/table.js', 'assets/router.js'],
      '/w/src/features/catalog/catalog-page.tsx',
    ),
    chunk('assets/cart.js', ['assets/table.js'], '/w/src/features/cart/cart-page.tsx', ['assets/cart.css']),
  ];

  it("lists per set the files its module loads, with their CSS, without the entry's and the start's", () => {
    const island = nextFilesIsland(
      chunks,
      {
        '/product/index': ['src/features/catalog/catalog-page.tsx'],
        '/cart/index': ['src/features/cart/cart-page.tsx'],
      },
      'src/app/start-app.tsx',
    );
    const named = Object.fromEntries(
      Object.entries(island.sets).map(([set, indexes]) => [set, indexes.map((index) => island.files[index])]),
    );
    expect(named).toEqual({
      '/product/index': ['assets/catalog.js', 'assets/table.js', 'assets/table.css'],
      '/cart/index': ['assets/cart.js', 'assets/cart.css', 'assets/table.js', 'assets/table.css'],
    });
    // Each file once in the list.
    expect(new Set(island.files).size).toBe(island.files.length);
  });

  it('fails the build when a set names a module no chunk comes from', () => {
    expect(() =>
      nextFilesIsland(chunks, { '/x': ['src/features/gone.tsx'] }, 'src/app/start-app.tsx'),
    ).toThrow('next-files: no chunk for src/features/gone.tsx');
  });
});

describe('inlineEntryStylesheet', () => {
  // What Vite writes: the entry script, its module preloads, then the stylesheet.
  const html = [
    '<head>',
    '    <title>PartsPortal</title>',
    '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-b.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    '    <meta name="pp-next-files" content="/assets/next-files-d.json">',
    '  </head>',
  ].join('\n');

  it('inlines the shell styles by their compressed size: 16.4 KB of repetitive CSS is ~1 KB on the line', () => {
    const css = '.page-title{font-size:20px;margin:0 0 12px}'.repeat(400);
    expect(css.length).toBeGreaterThan(16 * 1024);
    const out = inlineEntryStylesheet(html, (file) => (file === 'assets/index-c.css' ? css : undefined));
    expect(out).toContain(`<style>${css}</style>`);
    expect(out).not.toContain('rel="stylesheet"');
    expect(out).toContain('<meta name="pp-next-files"');
  });

  it('puts a stylesheet too big to inline ahead of the module preloads and the entry script', () => {
    // Random bytes do not compress: 12 KB of them stay over the limit.
    const css = `.x{content:"${randomBytes(9 * 1024).toString('base64')}"}`;
    const out = inlineEntryStylesheet(html, () => css);
    expect(out).not.toContain('<style>');
    const link = out.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
    expect(link).toBeGreaterThan(out.indexOf('<title>'));
    expect(link).toBeLessThan(out.indexOf('<script type="module"'));
    expect(link).toBeLessThan(out.indexOf('rel="modulepreload"'));
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('keeps a stylesheet whose text would end the style element, and one it cannot read', () => {
    const out = inlineEntryStylesheet(html, () => '.x{content:"</style>"}');
    expect(out).not.toContain('<style>');
    expect(out.indexOf('rel="stylesheet"')).toBeLessThan(out.indexOf('<script type="module"'));
    expect(inlineEntryStylesheet(html, () => undefined)).toContain('href="/assets/index-c.css"');
  });
});
