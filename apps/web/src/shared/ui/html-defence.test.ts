import { describe, expect, it } from 'vitest';
import {
  isBlockedAttribute,
  isBlockedTag,
  isDangerousUrl,
  scrubTree,
  type ElementLike,
} from './html-defence';

/** A minimal element tree (unit tests run in Node, without a DOM). */
class FakeElement implements ElementLike {
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;
  private readonly attrs = new Map<string, string>();
  constructor(
    public tagName: string,
    attributes: Record<string, string> = {},
    children: FakeElement[] = [],
  ) {
    for (const [name, value] of Object.entries(attributes)) this.attrs.set(name, value);
    for (const child of children) {
      child.parent = this;
      this.children.push(child);
    }
  }
  get attributes() {
    return [...this.attrs].map(([name, value]) => ({ name, value }));
  }
  getAttribute(name: string) {
    return this.attrs.get(name);
  }
  removeAttribute(name: string) {
    this.attrs.delete(name);
  }
  setAttribute(name: string, value: string) {
    this.attrs.set(name, value);
  }
  remove() {
    const siblings = this.parent?.children;
    if (siblings) siblings.splice(siblings.indexOf(this), 1);
  }
}

describe('notice HTML defence', () => {
  it('blocks script-like elements', () => {
    for (const tag of ['SCRIPT', 'iframe', 'object', 'embed', 'style', 'svg', 'form', 'base'])
      expect(isBlockedTag(tag)).toBe(true);
    for (const tag of ['p', 'B', 'ul', 'li', 'a', 'img', 'table']) expect(isBlockedTag(tag)).toBe(false);
  });

  it('blocks handlers and code URLs, also when obfuscated', () => {
    expect(isBlockedAttribute('onclick', 'x()')).toBe(true);
    expect(isBlockedAttribute('ONERROR', 'x()')).toBe(true);
    expect(isBlockedAttribute('srcdoc', '<p>')).toBe(true);
    expect(isBlockedAttribute('href', 'javascript:alert(1)')).toBe(true);
    expect(isBlockedAttribute('href', ' JaVa\tScRiPt:alert(1)')).toBe(true);
    expect(isBlockedAttribute('src', 'data:text/html,<script>')).toBe(true);
    expect(isBlockedAttribute('style', 'background:url(javascript:x)')).toBe(true);
    expect(isBlockedAttribute('href', 'https://example.com/a')).toBe(false);
    expect(isBlockedAttribute('src', 'data:image/png;base64,AAAA')).toBe(false);
    expect(isBlockedAttribute('class', 'lead')).toBe(false);
    expect(isDangerousUrl('vbscript:x')).toBe(true);
  });

  it('scrubs a tree: removes blocked elements and attributes, hardens links', () => {
    const script = new FakeElement('SCRIPT');
    const img = new FakeElement('IMG', { src: 'x.png', onerror: 'steal()' });
    const link = new FakeElement('A', { href: 'javascript:steal()', title: 'go' });
    const safeLink = new FakeElement('A', { href: 'https://example.com' });
    const nested = new FakeElement('IFRAME', { src: 'https://evil' });
    const p = new FakeElement('P', { onclick: 'x()' }, [img, link, new FakeElement('SPAN', {}, [nested])]);
    const body = new FakeElement('BODY', {}, [script, p, safeLink]);
    scrubTree(body);
    expect(body.children.map((c) => c.tagName)).toEqual(['P', 'A']);
    expect(p.attributes).toEqual([]);
    expect(img.attributes).toEqual([{ name: 'src', value: 'x.png' }]);
    expect(link.getAttribute('href')).toBeUndefined();
    expect(link.getAttribute('title')).toBe('go');
    expect(safeLink.getAttribute('rel')).toBe('noopener noreferrer');
    expect(safeLink.getAttribute('target')).toBe('_blank');
    expect(p.children[2]?.children).toEqual([]);
  });
});
