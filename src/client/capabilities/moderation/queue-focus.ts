// Where the focus goes in the queue: its items are found in the page by their marker.
export const ITEM_SELECTOR = '[data-moderation-item]';

/** Focuses an item in the middle of the screen, where neither the header nor the selection bar covers it. */
export function focusItem(item: HTMLElement | undefined) {
  if (!item) return;
  item.focus({ preventScroll: true });
  item.scrollIntoView?.({ block: 'center' });
}

/**
 * Focuses the item that took the place of the one just acted on, without moving the page: it
 * is where the moderator's eyes and thumb already are. Scrolls only if it is out of sight.
 */
export function focusInPlace(item: HTMLElement) {
  item.focus({ preventScroll: true });
  const { top, bottom } = item.getBoundingClientRect();
  if (bottom < 0 || top > window.innerHeight) item.scrollIntoView?.({ block: 'nearest' });
}

export const itemElements = () => Array.from(document.querySelectorAll<HTMLElement>(ITEM_SELECTOR));
