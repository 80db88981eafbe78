import { afterEach, vi } from 'vitest';

// A test that logs console.error fails: errors nobody asserted on are bugs hiding.
let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length) throw new Error(`console.error was called:\n${logged.map((args) => args.map(String).join(' ')).join('\n')}`);
});
