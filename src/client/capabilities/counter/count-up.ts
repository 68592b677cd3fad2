import { useEffect, useState } from 'react';

const BASE_DELAY_MS = 300;
/** About this many steps whatever the total, so 5 000 members count up as fast as 50. */
const STEPS = 100;

/** Spec §4, §9: the pause before the next step is 300 ms × (current/target)^10, slow near the end. */
export function counterStepDelay(current: number, target: number): number {
  return target <= 0 ? 0 : BASE_DELAY_MS * (current / target) ** 10;
}

export function counterIncrement(target: number): number {
  return Math.max(1, Math.ceil(target / STEPS));
}

/** Counts from 0 up to `target` once `running` turns true (the block came into view). */
export function useCountUp(target: number, running: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!running || value >= target) return;
    const timer = setTimeout(() => setValue(Math.min(target, value + counterIncrement(target))), counterStepDelay(value, target));
    return () => clearTimeout(timer);
  }, [running, target, value]);
  // A target that drops (an account deleted) is shown at once.
  return Math.min(value, target);
}
