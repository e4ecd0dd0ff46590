import fs from 'node:fs';

/**
 * A build file read once per version: `read(file)` runs again only when the file's mtime or size
 * changed (a new build deployed under a running server), so a page request costs a stat, not a
 * read and parse. Undefined while the file is missing.
 */
export function createFileVersionCache<T>(file: string, read: (file: string) => T): () => T | undefined {
  let version = '';
  let value: T | undefined;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    const current = `${stat.mtimeMs}:${stat.size}`;
    if (current !== version) {
      value = read(file);
      version = current;
    }
    return value;
  };
}
