/**
 * A count made again once it is `everyMs` old, without making anyone wait for it: the first
 * request waits for the first count, each later one gets the last count at once, and one that
 * finds it old starts the next (one at a time). Counting a million members' weeks takes
 * seconds; the figures of a weekly chart may be a few minutes old. A failed recount keeps
 * the last count and is tried again by the next request.
 */
export function recountedEvery<T>(
  everyMs: number,
  count: () => Promise<T>,
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): () => Promise<T> {
  let last: { value: T; at: number } | undefined;
  let counting: Promise<T> | undefined;
  const recount = (): Promise<T> =>
    (counting ??= count()
      .then((value) => {
        last = { value, at: now() };
        return value;
      })
      .finally(() => {
        counting = undefined;
      }));
  return () => {
    if (!last) return recount();
    if (now() - last.at >= everyMs) recount().catch(onError);
    return Promise.resolve(last.value);
  };
}
