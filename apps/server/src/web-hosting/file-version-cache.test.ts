import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileVersionCache } from './file-version-cache';

describe('a build file read once per version', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-file-cache-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads once while the file stays the same, again after a new build, nothing while missing', () => {
    const file = path.join(dir, 'index.html');
    let reads = 0;
    const cached = createFileVersionCache(file, (name) => {
      reads++;
      return fs.readFileSync(name, 'utf8');
    });
    expect(cached()).toBeUndefined();
    fs.writeFileSync(file, '<p>one</p>');
    expect(cached()).toBe('<p>one</p>');
    expect(cached()).toBe('<p>one</p>');
    expect(reads).toBe(1);
    // A new build: other size (and mtime).
    fs.writeFileSync(file, '<p>build two</p>');
    expect(cached()).toBe('<p>build two</p>');
    expect(reads).toBe(2);
    fs.rmSync(file);
    expect(cached()).toBeUndefined();
  });
});
