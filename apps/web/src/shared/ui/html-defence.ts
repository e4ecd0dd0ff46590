/**
 * Client-side defence in depth for notice HTML. The server already sanitizes notice content
 * with a strict allow-list (docs/API.md "Notices"); this second pass removes anything active
 * that might slip through a server bug: script-like elements, on* handlers, javascript:/data:
 * URLs and srcdoc. It works on a DOM-like tree so the rules are unit-testable without a browser.
 */

/** Elements removed with their content: they run code, load documents or restyle the page. */
const BLOCKED_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'template',
  'noscript',
]);

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'poster',
  'background',
  'srcset',
]);

export function isBlockedTag(tagName: string): boolean {
  return BLOCKED_TAGS.has(tagName.toLowerCase());
}

/** A URL whose scheme can run code (browsers ignore control characters and spaces in it). */
export function isDangerousUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (compact.startsWith('javascript:') || compact.startsWith('vbscript:')) return true;
  // Raster images as data: are harmless; any other data: (text/html, svg) is not.
  return compact.startsWith('data:') && !/^data:image\/(png|gif|jpe?g|webp);/.test(compact);
}

export function isBlockedAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on') || lower === 'srcdoc' || lower === 'formaction') return true;
  if (lower === 'style') return /expression\s*\(|url\s*\(|javascript:/i.test(value);
  return URL_ATTRIBUTES.has(lower) && isDangerousUrl(value);
}

/** The part of a DOM element the scrubber uses (a real Element satisfies it). */
export interface ElementLike {
  tagName: string;
  readonly attributes: ArrayLike<{ name: string; value: string }>;
  readonly children: ArrayLike<ElementLike>;
  removeAttribute(name: string): void;
  setAttribute(name: string, value: string): void;
  remove(): void;
}

/** Removes blocked elements and attributes below `root`; links open in a new, unlinked tab. */
export function scrubTree(root: ElementLike): void {
  for (const child of Array.from(root.children)) {
    if (isBlockedTag(child.tagName)) {
      child.remove();
      continue;
    }
    for (const attribute of Array.from(child.attributes)) {
      if (isBlockedAttribute(attribute.name, attribute.value)) child.removeAttribute(attribute.name);
    }
    if (child.tagName.toLowerCase() === 'a') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
    scrubTree(child);
  }
}

/**
 * Parses `html` with DOMParser (an inert document: nothing in it runs or loads while parsed),
 * scrubs it and returns the body's markup. Browser only.
 */
export function defendHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  scrubTree(doc.body);
  return doc.body.innerHTML;
}
