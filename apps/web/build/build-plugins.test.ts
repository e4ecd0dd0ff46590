import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { antdFormContextAlone, dropUnusedAntdCss } from './build-plugins';

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

describe('antdFormContextAlone', () => {
  const require = createRequire(import.meta.url);
  const file = require.resolve('antd/es/form/context.js');
  const transform = (code: string, id: string) =>
    (antdFormContextAlone().transform as (code: string, id: string) => { code: string } | null)(code, id);

  it("takes FormProvider from its own module in the installed antd, not from rc-form's index", () => {
    const result = transform(fs.readFileSync(file, 'utf8'), file);
    expect(result?.code).toContain("from '@rc-component/form/es/FormContext'");
    expect(result?.code).not.toContain("from '@rc-component/form';");
    // The module it points at exists and has the export.
    expect(fs.readFileSync(require.resolve('@rc-component/form/es/FormContext.js'), 'utf8')).toContain(
      'export { FormProvider }',
    );
  });

  it('leaves other modules alone and fails loudly when antd changes the import', () => {
    expect(transform('import x from "y";', '/x/antd/es/button/index.js')).toBeNull();
    expect(() => transform('export {};', file)).toThrow('update antdFormContextAlone');
  });
});
