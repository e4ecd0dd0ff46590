/**
 * Prefetches the files of the pages a buyer opens next (issue 18: a phone's line carries
 * ~140 KB of a page's JavaScript in ~0.7 s) while the page shown sits idle: the signed-in layout
 * and the home page while /login's form is filled in, the phone's drawer, the catalogue and the
 * cart once a signed-in page is done. The build lists the files per set
 * (apps/web/build/build-plugins.ts nextFilesData) in a JSON file that index.html names; the browser keeps what
 * `<link rel="prefetch">` fetched in its cache (the files are immutable), and the page's import()
 * takes it from there. Low priority, after the page's own requests; not on a data-saver or 2G
 * connection; nothing in development (no list).
 */

/** build-plugins.ts NEXT_FILES_META. */
const LIST_META = 'pp-next-files';

/** The sets of build-plugins.ts NEXT_FILE_SETS. */
export type NextFileSet = '@layout' | '@drawer' | '/dashboard' | '/product/index' | '/cart/index';

interface NextFiles {
  files: string[];
  sets: Partial<Record<string, number[]>>;
}

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

let list: Promise<NextFiles | undefined> | undefined;
const asked = new Set<string>();

/** The user asked the browser to save data, or the line is too slow to spend on a guess. */
function sparingConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return connection?.saveData === true || /2g$/.test(connection?.effectiveType ?? '');
}

/** After the load event, when the browser has nothing else to do (or after 3 s at most). */
function whenIdle(run: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The files of these sets the page has not loaded nor asked for yet, in the sets' order. */
export function filesToPrefetch(
  next: NextFiles,
  sets: readonly NextFileSet[],
  loaded: ReadonlySet<string>,
): string[] {
  const files: string[] = [];
  for (const set of sets)
    for (const index of next.sets[set] ?? []) {
      const file = next.files[index];
      if (file === undefined) continue;
      const path = `/${file}`;
      if (!loaded.has(path) && !files.includes(path)) files.push(path);
    }
  return files;
}

/** Prefetches the files of these sets once the browser is idle; each file once per page load. */
export function prefetchNext(sets: readonly NextFileSet[]): void {
  const listPath = document.querySelector<HTMLMetaElement>(`meta[name="${LIST_META}"]`)?.content;
  if (!listPath || sparingConnection()) return;
  // Safari has no <link rel="prefetch">: it loads the pages when they are opened, as before.
  if (!document.createElement('link').relList.supports('prefetch')) return;
  whenIdle(() => {
    list ??= fetch(listPath, { priority: 'low' })
      .then((answer) => (answer.ok ? (answer.json() as Promise<NextFiles>) : undefined))
      .catch(() => undefined);
    void list.then((next) => {
      if (!next) return;
      const loaded = new Set(
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      for (const file of asked) loaded.add(file);
      for (const file of filesToPrefetch(next, sets, loaded)) {
        asked.add(file);
        const link = document.createElement('link');
        link.rel = 'prefetch';
        // As the module script that imports it later asks (CORS mode), so the cache entry fits.
        if (file.endsWith('.js')) link.crossOrigin = '';
        link.href = file;
        document.head.append(link);
      }
    });
  });
}
