// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInView, type UseInViewOptions } from './useInView';

afterEach(cleanup);

/** A stand-in IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** Simulates the browser reporting a new visible share of the element. */
  report(ratio: number) {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry,
    );
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function Probe(options: UseInViewOptions) {
  const { ref, inView } = useInView<HTMLDivElement>(options);
  return (
    <div ref={ref} data-testid="probe">
      {inView ? 'visible' : 'hidden'}
    </div>
  );
}

describe('useInView', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('observes with the default 0.1 threshold and stops after the first sight', () => {
    render(<Probe />);
    const observer = FakeObserver.instances[0];
    expect(observer.options.threshold).toBe(0.1);
    expect(observer.observed).toEqual([screen.getByTestId('probe')]);
    expect(screen.getByTestId('probe').textContent).toBe('hidden');

    observer.report(0.2);
    expect(screen.getByTestId('probe').textContent).toBe('visible');
    expect(observer.disconnected).toBe(true);
  });

  it('waits for the requested share of the element', () => {
    render(<Probe threshold={0.5} />);
    const observer = FakeObserver.instances[0];
    observer.report(0.3);
    expect(screen.getByTestId('probe').textContent).toBe('hidden');
    observer.report(0.5);
    expect(screen.getByTestId('probe').textContent).toBe('visible');
  });

  it('follows the element in and out when once is false', () => {
    render(<Probe once={false} />);
    const observer = FakeObserver.instances[0];
    observer.report(1);
    expect(screen.getByTestId('probe').textContent).toBe('visible');
    observer.report(0);
    expect(screen.getByTestId('probe').textContent).toBe('hidden');
    expect(observer.disconnected).toBe(false);
  });

  it('disconnects when the element goes away', () => {
    const { unmount } = render(<Probe once={false} />);
    unmount();
    expect(FakeObserver.instances[0].disconnected).toBe(true);
  });
});

describe('useInView without IntersectionObserver', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reports the element as visible', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('visible');
  });
});
