import { describe, expect, it } from 'vitest';
import { appendInSlices, filesToPrefetch, LINKS_PER_TASK } from './prefetch-next';

describe('filesToPrefetch', () => {
  const next = {
    files: [
      'assets/drawer.js',
      'assets/table.js',
      'assets/catalog.js',
      'assets/catalog.css',
      'assets/cart.js',
    ],
    sets: { '@drawer': [0], '/product/index': [1, 2, 3], '/cart/index': [1, 4] },
  };

  it('lists the files of the sets in their order, each once, without those the page has', () => {
    expect(
      filesToPrefetch(next, ['@drawer', '/product/index', '/cart/index'], new Set(['/assets/drawer.js'])),
    ).toEqual(['/assets/table.js', '/assets/catalog.js', '/assets/catalog.css', '/assets/cart.js']);
  });

  it('skips a set the list does not have (an older build) and a missing index', () => {
    expect(
      filesToPrefetch(
        { files: ['assets/a.js'], sets: { '/cart/index': [0, 9] } },
        ['@layout', '/cart/index'],
        new Set(),
      ),
    ).toEqual(['/assets/a.js']);
  });
});

describe('appendInSlices', () => {
  it('adds the first links at once and the rest a slice per later task, in order, each once', () => {
    const files = Array.from({ length: LINKS_PER_TASK * 2 + 3 }, (_, i) => `/assets/f${i}.js`);
    const added: string[] = [];
    const queued: (() => void)[] = [];
    appendInSlices(
      files,
      (file) => added.push(file),
      (run) => queued.push(run),
    );
    expect(added).toEqual(files.slice(0, LINKS_PER_TASK));
    expect(queued).toHaveLength(1);
    queued.shift()!();
    expect(added).toEqual(files.slice(0, LINKS_PER_TASK * 2));
    queued.shift()!();
    expect(added).toEqual(files);
    expect(queued).toHaveLength(0);
  });

  it('asks for no later task when one slice holds every link', () => {
    const queued: (() => void)[] = [];
    const added: string[] = [];
    appendInSlices(
      ['/a.js', '/b.css'],
      (file) => added.push(file),
      (run) => queued.push(run),
    );
    expect(added).toEqual(['/a.js', '/b.css']);
    expect(queued).toHaveLength(0);
  });
});
