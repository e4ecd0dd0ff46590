/**
 * Prefetches the files of the pages a buyer opens next (issue 18: a phone's line carries
 * ~140 KB of a page's JavaScript in ~0.7 s): the signed-in layout and the home page while
 * /login's form is filled in; the phone's drawer, the catalogue and the cart once a signed-in
 * page is done. The build lists the files per set (apps/web/build/build-plugins.ts
 * nextFilesData) in a JSON file that index.html names; the browser keeps what
 * `<link rel="prefetch">` fetched in its cache (the files are immutable), and the page's
 * import() takes it from there.
 *
 * When: as soon as the user acts on the page (types, taps, clicks: a sign of the next step), or
 * once the page's own downloads have stopped for QUIET_MS after its load — not while the page
 * still loads its pictures, chart and lazy parts, which a prefetch would slow on a phone's line.
 * (Started at the first idle moment instead, the prefetch also fell into Lighthouse's load
 * window, and Lantern counted its downloads into the page's simulated time to interactive and
 * with it the page's later tasks into total blocking time: decision 035.)
 * Low priority; not on a data-saver or 2G connection; nothing in development (no list).
 */

/** The meta tag naming the list: build-plugins.ts NEXT_FILES_META (a test keeps them equal). */
export const NEXT_FILES_LIST_META = 'pp-next-files';

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

/** After the page's load, this long without a download finishing: the page is read, not loading. */
export const QUIET_MS = 3000;
/** Events that say the user is at the page and about to go on (not focus: /login focuses itself). */
const ACTING = ['pointerdown', 'keydown', 'input', 'touchstart'] as const;

let list: Promise<NextFiles | undefined> | undefined;
const asked = new Set<string>();
const pending = new Set<NextFileSet>();
let scheduled = false;

/** The user asked the browser to save data, or the line is too slow to spend on a guess. */
function sparingConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return connection?.saveData === true || /2g$/.test(connection?.effectiveType ?? '');
}

/** Runs `run` once: when the user acts, or when no download finished for QUIET_MS after the load. */
function whenActingOrQuiet(run: () => void): void {
  let done = false;
  let loaded = document.readyState === 'complete';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const downloads = new PerformanceObserver(() => {
    if (loaded) arm();
  });
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    downloads.disconnect();
    for (const type of ACTING) window.removeEventListener(type, go, true);
    run();
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 2000 });
      else go();
    }, QUIET_MS);
  };
  for (const type of ACTING) window.addEventListener(type, go, { capture: true, passive: true });
  downloads.observe({ type: 'resource' });
  if (loaded) arm();
  else
    window.addEventListener(
      'load',
      () => {
        loaded = true;
        arm();
      },
      { once: true },
    );
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

/** The `then` of prefetchNext calls, run once their files are in the cache (or failed). */
const whenFetched: (() => void)[] = [];
let fetching = 0;

function fetchedOne(): void {
  fetching -= 1;
  if (fetching === 0) for (const run of whenFetched.splice(0)) run();
}

/**
 * Prefetches the files of these sets (whenActingOrQuiet); each file once per page load.
 * `then` runs once no prefetched file is still on its way (at once if none was needed); never
 * where nothing is prefetched at all (Save-Data, 2G, no prefetch support, no list).
 */
export function prefetchNext(sets: readonly NextFileSet[], then?: () => void): void {
  const listPath = document.querySelector<HTMLMetaElement>(`meta[name="${NEXT_FILES_LIST_META}"]`)?.content;
  if (!listPath || sparingConnection()) return;
  // Safari has no <link rel="prefetch">: it loads the pages when they are opened, as before.
  if (!document.createElement('link').relList.supports('prefetch')) return;
  for (const set of sets) pending.add(set);
  if (then) whenFetched.push(then);
  if (scheduled) return;
  scheduled = true;
  whenActingOrQuiet(() => {
    scheduled = false;
    const wanted = [...pending];
    pending.clear();
    list ??= fetch(listPath, { priority: 'low' })
      .then((answer) => (answer.ok ? (answer.json() as Promise<NextFiles>) : undefined))
      .catch(() => undefined);
    void list.then((next) => {
      if (!next) return;
      const loaded = new Set(
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      for (const file of asked) loaded.add(file);
      const files = filesToPrefetch(next, wanted, loaded);
      for (const file of files) asked.add(file);
      fetching += files.length + 1;
      appendInSlices(files);
      fetchedOne();
    });
  });
}

/** Links added per task: each costs ~1 ms of the main thread (~3.5 ms on a phone). */
export const LINKS_PER_TASK = 12;

/**
 * The next slice in the next task, at the page's normal priority. At scheduler.postTask's
 * background priority the slices came later, and a menu tap 5 s after the dashboard more often
 * found its files still named by prefetch links, which the preload helper skips (chunks level by
 * level): the bench's journey went 991 → 1,382 ms (3 runs); with plain tasks 1,204 → 1,030 ms.
 */
function nextTask(run: () => void): void {
  setTimeout(run, 0);
}

function addPrefetchLink(file: string): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  // As the module script that imports it later asks (CORS mode), so the cache entry fits.
  if (file.endsWith('.js')) link.crossOrigin = '';
  link.href = file;
  // Gone once fetched (the file stays in the cache): Vite's preload helper skips a file any
  // <link> names, so a page opened later got no modulepreload for its chunks and fetched them
  // level by level as each module's imports were parsed (3–4 round trips on a phone).
  link.onload = link.onerror = () => {
    link.remove();
    fetchedOne();
  };
  document.head.append(link);
}

/**
 * Adds the prefetch links a few per task: the 50–100 links of the next pages, added at once,
 * held a phone's main thread for ~200 ms (Chromium trace, CPU 4×) — and the first tap starts the
 * prefetch, so that task fell inside the tap's own navigation.
 */
export function appendInSlices(
  files: readonly string[],
  add: (file: string) => void = addPrefetchLink,
  later: (run: () => void) => void = nextTask,
  from = 0,
): void {
  for (const file of files.slice(from, from + LINKS_PER_TASK)) add(file);
  if (from + LINKS_PER_TASK < files.length)
    later(() => appendInSlices(files, add, later, from + LINKS_PER_TASK));
}
