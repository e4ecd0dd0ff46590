import { describe, expect, it } from 'vitest';
import { filesToPrefetch } from './prefetch-next';

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
