import sanitizeHtml from 'sanitize-html';

/**
 * The only markup a notice may carry. Everything else is dropped: script/style/iframe … with
 * their content, other tags keep their text; every attribute except a link's href goes.
 */
export const NOTICE_ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Absolute http(s) and mailto links only: no javascript:, data:, relative or protocol-relative URLs. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

// Tags whose content is not text a reader should see; dropped whole instead of unwrapped.
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'option',
  'title',
  'svg',
  'math',
  'frameset',
  'noembed',
  'xmp',
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...NOTICE_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // Rebuilt from scratch so only a checked href survives and every link opens safely.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      return {
        tagName,
        attribs: {
          ...(SAFE_HREF.test(href) ? { href } : {}),
          rel: 'noopener noreferrer',
          target: '_blank',
        },
      };
    },
  },
};

/** Notice HTML reduced to the allow-list; the result may be put in the page as HTML. */
export const sanitizeNoticeHtml = (html: string): string => sanitizeHtml(html, options);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/**
 * Plain text of notice HTML, whitespace collapsed, cut to `length` characters with an ellipsis.
 * Block tags become spaces so words of adjacent paragraphs don't run together.
 */
export function noticeSummary(html: string, length: number): string {
  const spaced = html.replace(/<(\/?(p|br|li|h[1-6]|tr|td|th|div)\b[^>]*)>/gi, ' <$1>');
  const text = decodeEntities(
    sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT }),
  )
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length).join('').trimEnd()}…`;
}
