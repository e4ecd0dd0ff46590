import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  namedImports,
  shellChunkGroups,
  shellChunkNames,
  shellChunkSorter,
  staticClosure,
} from './shell-chunks';

type Graph = Record<string, { imports?: string[]; code?: string }>;
const infoOf = (graph: Graph) => (id: string) =>
  graph[id] ? { importedIds: graph[id].imports ?? [], code: graph[id].code ?? '' } : null;

const ANTD = '/r/node_modules/antd/es/index.js';
const ICONS = '/r/node_modules/@ant-design/icons/es/index.js';
const ICON_LIST = '/r/node_modules/@ant-design/icons/es/icons/index.js';
const BUTTON = '/r/node_modules/antd/es/button/index.js';
const TABLE = '/r/node_modules/antd/es/table/index.js';
const SPIN = '/r/node_modules/antd/es/spin.js';
const CAR = '/r/node_modules/@ant-design/icons/es/icons/CarOutlined.js';
const CART = '/r/node_modules/@ant-design/icons/es/icons/ShoppingCartOutlined.js';

/** A small app: an entry, a sign-in page and a shell in two parts, importing through barrels. */
const app: Graph = {
  [ANTD]: {
    imports: [BUTTON, TABLE, SPIN],
    code: "export { default as Button } from './button';\nexport { default as Table } from './table';\nexport { Spin as Loading } from './spin';",
  },
  [ICONS]: { imports: [ICON_LIST], code: 'export * from "./icons";' },
  [ICON_LIST]: {
    imports: [CAR, CART],
    code: 'export { default as CarOutlined } from "./CarOutlined";\nexport { default as ShoppingCartOutlined } from "./ShoppingCartOutlined";',
  },
  [BUTTON]: { imports: ['/r/node_modules/antd/es/wave.js'] },
  '/r/node_modules/antd/es/wave.js': {},
  [TABLE]: { imports: ['/r/node_modules/rc-table.js'] },
  '/r/node_modules/rc-table.js': {},
  [SPIN]: {},
  [CAR]: {},
  [CART]: {},
  '/r/src/main.tsx': { imports: ['/r/node_modules/react.js', '/r/src/i18n.ts'] },
  '/r/node_modules/react.js': {},
  '/r/src/i18n.ts': { imports: ['/r/node_modules/react.js'] },
  '/r/src/login.tsx': {
    imports: [ANTD, '/r/src/i18n.ts', '/r/src/login-only.ts'],
    code: "import { Button } from 'antd';",
  },
  '/r/src/login-only.ts': {},
  '/r/src/start.tsx': {
    imports: [ANTD, '/r/src/i18n.ts'],
    code: "import { Button, Loading as Spinner } from 'antd';",
  },
  '/r/src/layout.tsx': {
    imports: [ANTD, ICONS, '/r/src/menu.ts'],
    code: 'import { Button } from \'antd\';\nimport {\n  CarOutlined,\n  type IconProps,\n} from "@ant-design/icons";',
  },
  '/r/src/menu.ts': {},
};
const sources = {
  entry: '/r/src/main.tsx',
  login: '/r/src/login.tsx',
  shell: [
    { chunk: 'shell-start', source: '/r/src/start.tsx' },
    { chunk: 'shell-layout', source: '/r/src/layout.tsx' },
  ],
};

describe('namedImports', () => {
  it('reads the names a module imports from one specifier, types and renames included', () => {
    const code =
      "import { Button, Input as TextInput, type InputRef } from 'antd';\n" +
      'import type { TableProps } from "antd";\n' +
      "import { Modal } from 'antd/es/modal';\nimport { SwapOutlined } from '@ant-design/icons';";
    expect(namedImports(code, 'antd')).toEqual(['Button', 'Input', 'InputRef', 'TableProps']);
    expect(namedImports(code, '@ant-design/icons')).toEqual(['SwapOutlined']);
    expect(namedImports(code, 'react')).toEqual([]);
  });
});

describe('staticClosure', () => {
  it('follows an import through a barrel only to the modules it names', () => {
    const layout = staticClosure('/r/src/layout.tsx', infoOf(app));
    expect(layout).toContain(BUTTON);
    expect(layout).toContain('/r/node_modules/antd/es/wave.js');
    expect(layout).toContain(CAR);
    expect(layout).not.toContain(TABLE);
    expect(layout).not.toContain(CART);
    // A renamed export (`export { Spin as Loading }`) resolves to its file.
    expect(staticClosure('/r/src/start.tsx', infoOf(app))).toContain(SPIN);
  });

  it('follows every import of a module that is not a barrel', () => {
    const all = staticClosure(ANTD, infoOf(app));
    expect(all).toContain(TABLE);
    expect(all).toContain('/r/node_modules/rc-table.js');
  });
});

describe('shellChunkSorter', () => {
  const sort = shellChunkSorter(sources, infoOf(app));

  it('puts the entry’s imports in boot, what sign-in and shell share in shell-login, the rest by part', () => {
    expect(sort('/r/node_modules/react.js')).toBe('boot');
    expect(sort('/r/src/i18n.ts')).toBe('boot');
    expect(sort(BUTTON)).toBe('shell-login');
    expect(sort('/r/node_modules/antd/es/wave.js')).toBe('shell-login');
    expect(sort(SPIN)).toBe('shell-start');
    expect(sort(CAR)).toBe('shell-layout');
    expect(sort('/r/src/menu.ts')).toBe('shell-layout');
  });

  it('leaves the entries themselves, sign-in’s own modules and unused barrel members to the automatic split', () => {
    for (const id of [
      ...Object.values(sources)
        .flat()
        .map((s) => (typeof s === 'string' ? s : s.source)),
    ])
      expect(sort(id)).toBeNull();
    expect(sort('/r/src/login-only.ts')).toBeNull();
    expect(sort(TABLE)).toBeNull();
    expect(sort(CART)).toBeNull();
  });

  it('gives rolldown one group per chunk, earlier groups first, each capturing only its own modules', () => {
    const groups = shellChunkGroups(sources);
    expect(groups.map((group) => group.name && typeof group.name !== 'string')).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(shellChunkNames(sources)).toEqual(['boot', 'shell-login', 'shell-start', 'shell-layout']);
    const priorities = groups.map((group) => group.priority ?? 0);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    const ctx = { getModuleInfo: infoOf(app) };
    const nameOf = (index: number, id: string) =>
      (groups[index]!.name as (id: string, ctx: unknown) => string | null)(id, ctx);
    expect(nameOf(0, '/r/src/i18n.ts')).toBe('boot');
    expect(nameOf(1, '/r/src/i18n.ts')).toBeNull();
    expect(nameOf(3, CAR)).toBe('shell-layout');
    expect(nameOf(2, CAR)).toBeNull();
  });
});

describe('the real barrels', () => {
  /** importedIds of a real file: its relative `from` paths resolved like the bundler would. */
  const realInfo = (id: string) => {
    if (!fs.existsSync(id)) return null;
    const code = fs.readFileSync(id, 'utf8');
    const dir = path.dirname(id);
    const importedIds = [...code.matchAll(/from\s*['"](\.[^'"]+)['"]/g)].flatMap(([, relative]) =>
      [`${relative}.js`, `${relative}/index.js`, relative!]
        .map((candidate) => path.join(dir, candidate))
        .filter((file) => fs.existsSync(file) && fs.statSync(file).isFile())
        .slice(0, 1),
    );
    return { importedIds, code };
  };

  it('resolve antd’s components and the icons through antd’s and @ant-design/icons’ own index files', () => {
    const require = createRequire(import.meta.url);
    const antdIndex = path.join(path.dirname(require.resolve('antd/package.json')), 'es', 'index.js');
    const iconsIndex = path.join(
      path.dirname(require.resolve('@ant-design/icons/package.json')),
      'es',
      'index.js',
    );
    const page = '/virtual/page.tsx';
    const info = (id: string) =>
      id === page
        ? {
            importedIds: [antdIndex, iconsIndex],
            code: "import { Button, Dropdown } from 'antd';\nimport { CarOutlined } from '@ant-design/icons';",
          }
        : realInfo(id);
    const closure = [...staticClosure(page, info)].map((id) => id.split(path.sep).join('/'));
    expect(closure).toContainEqual(expect.stringMatching(/antd\/es\/button\/index\.js$/));
    expect(closure).toContainEqual(expect.stringMatching(/antd\/es\/dropdown\/index\.js$/));
    expect(closure).toContainEqual(expect.stringMatching(/icons\/es\/icons\/CarOutlined\.js$/));
    // Not what the page does not name: antd's Table, another icon.
    expect(closure.some((id) => /antd\/es\/table\/(index|Table)\.js$/.test(id))).toBe(false);
    expect(closure.some((id) => /icons\/es\/icons\/ShoppingCartOutlined\.js$/.test(id))).toBe(false);
  });
});
