import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

// STYLE.md: a test fails on an unexpected console.error. A test that expects one
// can call `vi.mocked(console.error).mockImplementationOnce(() => {})` first.
let errors: unknown[][] = [];
// Node's listener-leak warnings too: they go to stderr, not console.error, and would
// otherwise only show up in a production log.
let leaks: Error[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === 'MaxListenersExceededWarning') leaks.push(warning);
};
// Per test file: the files share their worker process.
beforeAll(() => {
  process.on('warning', onWarning);
});
afterAll(() => {
  process.off('warning', onWarning);
});

beforeEach(() => {
  errors = [];
  leaks = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(async () => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const first = errors[0].map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`Unexpected console.error (${errors.length}): ${first}`);
  }
  // Node emits warnings on the next tick: let the test's last ones arrive.
  await new Promise((resolve) => setImmediate(resolve));
  if (leaks.length > 0) throw new Error(`Unexpected ${leaks[0].name}: ${leaks[0].message}`);
});
