/**
 * A table wider than its box scrolls sideways inside antd's `.ant-table-content` (or
 * `.ant-table-body` with a fixed header). Keyboard users can reach that scroll only when the
 * box itself takes focus (axe `scrollable-region-focusable`, WCAG 2.1.1), and antd has no prop
 * for it. This watcher gives every such box `tabindex="0"` while it overflows, and takes it
 * back when it no longer does, for every table of the app (pages, dialogs, drawers).
 */
const SCROLLERS = '.ant-table-content, .ant-table-body';
const MARK = 'ppScrollFocus';

function update(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const overflows =
      element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    if (overflows && !element.hasAttribute('tabindex')) {
      element.tabIndex = 0;
      element.dataset[MARK] = '1';
    } else if (!overflows && element.dataset[MARK]) {
      element.removeAttribute('tabindex');
      delete element.dataset[MARK];
    }
  }
}

/** Starts watching `root` (DOM changes and window size); returns the stop function. */
export function keepScrollableTablesFocusable(root: HTMLElement): () => void {
  let frame = 0;
  // Batched to one pass per frame: typing in a filter changes many nodes at once.
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      update(root);
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    if (frame) cancelAnimationFrame(frame);
  };
}
