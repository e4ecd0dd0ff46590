import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../stores/settings-store';
import { contrastRatio, readableOnWhite, textOn } from './theme-colors';

describe('theme colours', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#409EFF', '#ffffff')).toBeLessThan(4.5);
  });

  it.each(THEME_COLORS)('%s gets readable text on it and a readable text variant on white', (color) => {
    expect(contrastRatio(textOn(color), color)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(readableOnWhite(color), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
