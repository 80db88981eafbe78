import { afterEach, vi } from 'vitest';

/**
 * Not a bug here: React's edge renderer (the first screen's, client/src/server-render.tsx) says this in
 * development builds whenever it writes an empty chunk on a Node without ArrayBuffer.prototype.detached
 * (Node 20); production builds never check. The renderer writes only strings it made, never a transferred buffer.
 */
const REACT_EDGE_EMPTY_CHUNK = /^React encountered an empty buffer when writing in an environment that does not support ArrayBuffer\.prototype\.detached\./;

// A test that logs console.error fails: errors nobody asserted on are bugs hiding.
let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && REACT_EDGE_EMPTY_CHUNK.test(args[0])) return;
  errors.push(args);
});
afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length) throw new Error(`console.error was called:\n${logged.map((args) => args.map(String).join(' ')).join('\n')}`);
});
