import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import type { RealtimeEvent } from '@vizinhanca/shared/realtime/realtime-event';
import { appRouter } from '../router.ts';
import { CheckedContent } from './event-content.ts';
import { LiveSocketHandler } from './live-socket-handler.ts';

/** The handler's encoding alone: no server, no socket. */
function handler(): LiveSocketHandler {
  return new LiveSocketHandler({ wss: { on() {} } as unknown as WebSocketServer, router: appRouter, createContext: () => Promise.resolve({}) });
}

/** What tRPC itself sends for a tracked event: `{ type, id, data: transformer.serialize({ id, data }) }`. */
const trpcEncoding = (id: string, data: unknown) => JSON.stringify({ type: 'data', id, data: superjson.serialize({ id, data }) });

const EVENTS: RealtimeEvent[] = [
  { kind: 'ready', payload: {} },
  { kind: 'account.changed', payload: { approvalStatus: 'approved', isSuspended: false } },
  { kind: 'notification.created', payload: { id: 'n1', title: 'Pedido "aprovado" ✓', message: 'linha\nnova \u2028 e \\', type: 'status_update', relatedId: null } },
  { kind: 'notification.changed', payload: {} },
  { kind: 'messages.changed', payload: { orderId: 'o1' } },
  { kind: 'invites.changed', payload: {} },
  { kind: 'admin.summary.changed', payload: {} },
];

describe('the data message of a tracked event', () => {
  it('is, for every kind of the contract, exactly what tRPC encodes, the content encoded once for every event that shares it', () => {
    const live = handler();
    for (const event of EVENTS) {
      const content = new CheckedContent(event);
      for (const id of ['7', '123456789012345678']) {
        expect(live.resultText(id, content)).toBe(trpcEncoding(id, event));
        // The socket's frame, built in one go: the subscription's envelope around the same result.
        expect(live.dataFrame('{"id":1,"result":', id, content, '}')).toBe(JSON.stringify({ id: 1, result: JSON.parse(trpcEncoding(id, event)) }));
      }
      expect(content.json).toBe(JSON.stringify(event));
    }
  });

  it('a content that superjson encodes with meta (not plain JSON) is encoded whole for each event', () => {
    const live = handler();
    const at = new Date('2027-01-10T12:00:00Z');
    const content = new CheckedContent({ kind: 'messages.changed', payload: { orderId: 'o1', at } } as unknown as RealtimeEvent);
    const text = live.resultText('9', content);
    expect(content.json).toBeNull();
    expect(text).toBe(trpcEncoding('9', { kind: 'messages.changed', payload: { orderId: 'o1', at } }));
    expect(superjson.deserialize<{ data: { payload: { at: Date } } }>(JSON.parse(text).data).data.payload.at).toEqual(at);
  });
});
