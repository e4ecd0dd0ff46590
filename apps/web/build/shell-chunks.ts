import type { Rolldown } from 'vite';

type CodeSplittingGroup = NonNullable<
  Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>['groups']
>[number];

/** The modules whose static imports decide what every page loads first. */
export interface ShellSources {
  /** main.tsx: what every page loads, /login included. */
  entry: string;
  /** The sign-in page (its own lazy route). */
  login: string;
  /**
   * The signed-in shell's lazy parts in the order they load, each with the name of the chunk
   * that gathers what it alone adds: the app start (index.html preloads it, on /login too) and
   * the layout (loaded once signed in).
   */
  shell: readonly { chunk: string; source: string }[];
}

/**
 * The barrels pages import components through. A barrel's static imports are all of its
 * package (antd's index names 80 components), while the bundle keeps only what is used: an edge
 * into a barrel is followed only to the modules the importer names.
 */
const BARRELS: readonly { specifier: string; id: RegExp }[] = [
  { specifier: 'antd', id: /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/ },
  { specifier: '@ant-design/icons', id: /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/ },
];

type ModuleInfoOf = (id: string) => { importedIds: readonly string[]; code: string | null } | null;

/** The names `code` imports (values and types) from `specifier`: `import { A, B as C } from 'x'`. */
export function namedImports(code: string, specifier: string): string[] {
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g');
  const names: string[] = [];
  for (const match of code.matchAll(pattern))
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) names.push(name);
    }
  return names;
}

/**
 * Where a barrel's export `name` comes from: `export { default as Button } from './button'` gives
 * the imported id ending in `/button/index.js` or `/button.js`; `export * from './icons'` is
 * followed into that module. Undefined when the barrel does not name it (a type, or a new antd).
 */
function barrelSource(barrel: string, name: string, infoOf: ModuleInfoOf, depth = 0): string | undefined {
  const info = infoOf(barrel);
  if (!info?.code || depth > 2) return undefined;
  const dir = barrel.replace(/[\\/][^\\/]+$/, '');
  const resolve = (relative: string) => {
    const base = `${dir}/${relative.replace(/^\.\//, '')}`.replace(/\\/g, '/');
    return info.importedIds.find((id) => {
      const plain = id.replace(/\\/g, '/');
      return plain === `${base}.js` || plain === `${base}/index.js` || plain === base;
    });
  };
  for (const match of info.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g))
    for (const part of match[1]!.split(',')) {
      const [, exported] = /(?:\S+\s+as\s+)?(\S+)/.exec(part.trim()) ?? [];
      if (exported === name) return resolve(match[2]!);
    }
  for (const match of info.code.matchAll(/export\s*\*\s*from\s*['"]([^'"]+)['"]/g)) {
    const inner = resolve(match[1]!);
    const found = inner && barrelSource(inner, name, infoOf, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A module's static imports, transitively, the module included; an import through a barrel
 * counts only the modules it names (see BARRELS).
 */
export function staticClosure(start: string, infoOf: ModuleInfoOf, seen = new Set<string>()): Set<string> {
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = infoOf(id);
    for (const next of info?.importedIds ?? []) {
      const barrel = BARRELS.find((candidate) => candidate.id.test(next));
      if (!barrel) {
        if (!seen.has(next)) stack.push(next);
        continue;
      }
      for (const name of namedImports(info?.code ?? '', barrel.specifier)) {
        const source = barrelSource(next, name, infoOf);
        if (source && !seen.has(source)) stack.push(source);
      }
    }
  }
  return seen;
}

/**
 * Sorts modules into merged chunks, or null to leave one to the automatic split:
 * - `boot`: what main.tsx imports (every page loads it before anything else);
 * - `shell-login`: what both the sign-in page and the signed-in shell import;
 * - one chunk per part of the shell (see ShellSources.shell): what that part adds to the ones
 *   before it.
 * Each set is loaded whole by every page that loads any of it (a signed-in page loads all of
 * them, /login all but the layout's), so gathering it into one chunk adds no byte to any page —
 * it only removes requests: the automatic split gave the shell 48 chunks, and this renderer pays
 * 1–8 ms of main thread per request. The entry modules themselves stay the facades of their own
 * chunks: the manifest keys, the preload plugins and lazy() name them.
 */
export function shellChunkSorter(sources: ShellSources, infoOf: ModuleInfoOf): (id: string) => string | null {
  const own = new Set([sources.entry, sources.login, ...sources.shell.map((part) => part.source)]);
  const entry = staticClosure(sources.entry, infoOf);
  const login = staticClosure(sources.login, infoOf);
  const parts = sources.shell.map((part) => ({
    chunk: part.chunk,
    modules: staticClosure(part.source, infoOf),
  }));
  return (id) => {
    if (own.has(id)) return null;
    if (entry.has(id)) return 'boot';
    const part = parts.find((candidate) => candidate.modules.has(id));
    if (!part) return null;
    return login.has(id) ? 'shell-login' : part.chunk;
  };
}

/** The chunk names shellChunkSorter gives, in the order their groups take modules. */
export function shellChunkNames(sources: ShellSources): string[] {
  return ['boot', 'shell-login', ...sources.shell.map((part) => part.chunk)];
}

/**
 * The code-splitting groups that gather the shell (see shellChunkSorter), its closures computed
 * on the first module rolldown asks about. Earlier groups take modules first, so a module of the
 * entry is never pulled into a shell chunk as a dependency (rolldown adds a captured module's
 * dependencies to its group unless an earlier group took them).
 */
export function shellChunkGroups(sources: ShellSources): CodeSplittingGroup[] {
  let sort: ((id: string) => string | null) | undefined;
  const names = shellChunkNames(sources);
  return names.map((name, index) => ({
    name: (id: string, ctx: { getModuleInfo: ModuleInfoOf }) => {
      sort ??= shellChunkSorter(sources, (m) => ctx.getModuleInfo(m));
      return sort(id) === name ? name : null;
    },
    priority: (names.length - index) * 10,
  }));
}
