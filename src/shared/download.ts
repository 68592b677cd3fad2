type Store = 'ios' | 'android';

/**
 * How much of a user agent is read. Real ones are 70 to 400 characters (in-app browsers
 * the longest) and name the device in their first parentheses; a request may send 16 kB,
 * on which /Macintosh.*Mobile/ alone took 17 ms (it scans on from every 'Macintosh').
 */
export const USER_AGENT_EXAMINED_LENGTH = 512;

const examined = (userAgent: string) => userAgent.slice(0, USER_AGENT_EXAMINED_LENGTH);

/**
 * Which store a device should be sent to by /calshare/download (spec §2). iPadOS browsers
 * present themselves as a Mac by default ("desktop mode"); only the browser itself can tell
 * them apart, by their touch screen, so it passes `maxTouchPoints` (0 for a real Mac).
 */
export function storeFor(fullUserAgent: string, maxTouchPoints = 0): Store | undefined {
  const userAgent = examined(fullUserAgent);
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
  return /Macintosh/i.test(examined(userAgent)) && storeFor(userAgent) === undefined;
}
