import type { Page } from 'playwright-core';

/** Above this, something on screen moved while the page loaded. */
const MOVED = 0.001;

/**
 * In the page, before its own scripts: the sum of its layout shifts (not those right after an
 * input) and what moved. The header's own are left to its test (zoom-and-motion): a paint made
 * while the page is still arriving, on a busy machine, may show part of the menu a few pixels
 * off before the rest of it arrives.
 */
function recordLayoutShifts() {
  const record = { value: 0, sources: [] as string[] };
  (window as unknown as { layoutShifts: typeof record }).layoutShifts = record;
  const inHeader = (node?: Node) => (node instanceof Element ? node : node?.parentElement)?.closest('.site-header') != null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
      if (entry.hadRecentInput || entry.sources.every((source) => inHeader(source.node))) continue;
      record.value += entry.value;
      for (const { node, previousRect, currentRect } of entry.sources) {
        const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : (node?.nodeName ?? '?');
        record.sources.push(`${name} from y ${Math.round(previousRect.y)} to ${Math.round(currentRect.y)}`);
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Records the layout shifts of every document the page loads from now on. */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(recordLayoutShifts);
}

/** What moved in the page's current document so far, or nothing when it stayed still. */
export async function layoutShifts(page: Page): Promise<string[]> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts?: { value: number; sources: string[] } }).layoutShifts);
  if (!shifts) throw new Error('layoutShifts() needs watchLayoutShifts() before the page loads');
  return shifts.value > MOVED ? [`layout shift ${shifts.value.toFixed(4)}`, ...shifts.sources] : [];
}
