/** Which store a device should be sent to by /calshare/download. */
export function storeFor(userAgent: string): 'ios' | 'android' | undefined {
  if (/iPhone|iPad|iPod|Macintosh.*Mobile/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return undefined;
}
