/**
 * The demo catalogue has no photographs, so pictures are drawn: a labelled SVG per product
 * (brand, number, part type), stable for a product and cheap to serve. A real deployment puts
 * photographs behind the same URLs.
 */
const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

const PALETTE = ['#1f6feb', '#2da44e', '#bf8700', '#cf222e', '#8250df', '#0a7ea4', '#d1242f', '#57606a'];

function hueFor(text: string): string {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#1f6feb';
}

export function renderProductPicture(input: {
  brand: string;
  number: string;
  partType: string;
  view: number;
  size: 'thumb' | 'big';
}) {
  const size = input.size === 'big' ? 800 : 240;
  const color = hueFor(input.partType || input.brand);
  const rotate = ((input.view - 1) * 37) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 240 240" role="img" aria-label="${escapeXml(`${input.brand} ${input.number}`)}">
<rect width="240" height="240" fill="#f6f8fa"/>
<g transform="rotate(${rotate} 120 104)" fill="none" stroke="${color}" stroke-width="10">
<circle cx="120" cy="104" r="52"/><circle cx="120" cy="104" r="18" fill="${color}" fill-opacity="0.15"/>
<path d="M120 40v-14M120 182v-14M56 104h-14M198 104h-14M75 59l-10-10M175 159l10 10M165 59l10-10M75 149l-10 10" stroke-linecap="round"/>
</g>
<text x="120" y="196" text-anchor="middle" font-family="Arial, sans-serif" font-size="15" font-weight="700" fill="#24292f">${escapeXml(input.number.slice(0, 24))}</text>
<text x="120" y="218" text-anchor="middle" font-family="Arial, sans-serif" font-size="12" fill="#57606a">${escapeXml(`${input.brand} · ${input.partType}`.slice(0, 34))}</text>
</svg>`.replace(/\n/g, '');
}
