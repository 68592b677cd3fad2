export type Store = 'ios' | 'android';

/**
 * Which store a device should be sent to by /calshare/download (spec §2). iPadOS browsers
 * present themselves as a Mac by default ("desktop mode"); only the browser itself can tell
 * them apart, by their touch screen, so it passes `maxTouchPoints` (0 for a real Mac).
 */
export function storeFor(userAgent: string, maxTouchPoints = 0): Store | undefined {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  if (/Macintosh/i.test(userAgent) && (/Macintosh.*Mobile/i.test(userAgent) || maxTouchPoints > 0)) return 'ios';
  return undefined;
}

/**
 * A Mac user agent that may be an iPad in desktop mode: the server cannot decide, so it
 * lets the page ask the browser for its touch points.
 */
export function mayBeIpadInDesktopMode(userAgent: string): boolean {
  return /Macintosh/i.test(userAgent) && storeFor(userAgent) === undefined;
}
