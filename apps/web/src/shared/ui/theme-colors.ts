/**
 * Several of the spec's ten theme colours (the default #409EFF among them) are too light for
 * white text or for text on white (WCAG AA 4.5:1). We keep the chosen colour for surfaces and
 * derive readable colours for the text drawn on or with it.
 */

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(channels(a));
  const lb = luminance(channels(b));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The colour, darkened just enough to reach 4.5:1 on white. */
export function readableOnWhite(color: string): string {
  const rgb = channels(color);
  for (let factor = 1; factor > 0; factor -= 0.02) {
    const candidate = toHex([rgb[0] * factor, rgb[1] * factor, rgb[2] * factor]);
    if (contrastRatio(candidate, '#ffffff') >= 4.5) return candidate;
  }
  return '#000000';
}

/** White where it reads on the colour, otherwise near-black. */
export function textOn(color: string): string {
  return contrastRatio(color, '#ffffff') >= 4.5 ? '#ffffff' : '#141414';
}
