import { useCallback, useState, type RefCallback } from 'react';

export interface UseInViewOptions {
  /** Share of the element that must be visible; spec §9 uses 0.1 by default, 0.5 and 1 on some sections. */
  threshold?: number;
  /** Stop watching after the first time the element shows up (entrance animations). */
  once?: boolean;
}

interface UseInViewResult<T extends Element> {
  ref: RefCallback<T>;
  inView: boolean;
}

// IntersectionObserver ratios are floats; a fully visible element can report 0.999…
const RATIO_TOLERANCE = 0.01;

/**
 * Reports whether an element is on screen. Starts false on the server and in the first
 * render so prerendered HTML and hydration agree; without IntersectionObserver (old
 * browsers, tests) the element counts as visible so nothing stays hidden.
 */
export function useInView<T extends Element = HTMLElement>({
  threshold = 0.1,
  once = true,
}: UseInViewOptions = {}): UseInViewResult<T> {
  const [inView, setInView] = useState(false);

  // A callback ref (React 19 cleanup form) follows the element even if it is swapped.
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element) return;
      if (typeof IntersectionObserver === 'undefined') {
        setInView(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const visible =
              entry.isIntersecting && entry.intersectionRatio >= Math.max(0, threshold - RATIO_TOLERANCE);
            if (visible) {
              setInView(true);
              if (once) observer.disconnect();
            } else if (!once) {
              setInView(false);
            }
          }
        },
        { threshold },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [threshold, once],
  );

  return { ref, inView };
}
