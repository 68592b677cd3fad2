import { expect, it } from 'vitest';
import { ErrorCount } from './error-count';

it('counts the errors of the last 24 hours, by the hour', () => {
  let now = Date.parse('2026-11-27T10:30:00Z');
  const errors = new ErrorCount(() => now);
  errors.add();
  errors.add();
  now += 23 * 3_600_000;
  errors.add();
  expect(errors.lastDay()).toBe(3);
  // The hour of the first two is now more than a day ago.
  now += 3_600_000;
  expect(errors.lastDay()).toBe(1);
  now += 24 * 3_600_000;
  expect(errors.lastDay()).toBe(0);
});
