import { useRealtimeEvents } from '../hooks/use-realtime-events.ts';

/** The live events, as a component the root layout loads after the first screen (docs/decisions/013-first-screen.md). */
export function RealtimeEvents({ signedIn }: { signedIn: boolean }) {
  useRealtimeEvents(signedIn);
  return null;
}
