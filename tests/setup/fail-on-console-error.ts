import { afterEach, beforeEach, vi } from 'vitest';

// STYLE.md: a test fails on an unexpected console.error. A test that expects one
// can call `vi.mocked(console.error).mockImplementationOnce(() => {})` first.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const first = errors[0].map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`Unexpected console.error (${errors.length}): ${first}`);
  }
});
