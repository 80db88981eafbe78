import { eventBusLag } from '../observability/metrics.ts';
import { deepFreeze, eventContent, type EventContent } from './event-content.ts';
import { isLaterId } from './event-ids.ts';
import type { EventGroupRow } from './events.repository.ts';

/** Where a reading hands its events over (local-delivery.ts: to this instance's subscribers, each id once). */
export interface HandOverTarget {
  /** One event. `userId` '': an event for nobody in particular. */
  handOver(id: string, userId: string, content: EventContent): void;
  /** A group's events (one content, ids ascending). */
  handOverGroup(group: Group): void;
}

/** An EventGroupRow as the bus hands it over: what its events share, and their ids and people in id order. */
export interface Group {
  content: EventContent;
  /** Ascending. */
  ids: string[];
  /** '' when an event has no person. */
  userIds: string[];
}

/**
 * One read of the bus, group by group. Groups with the same kind and payload text share
 * one EventContent (its payload frozen): a transaction notifying thousands of people
 * has its payload parsed, checked and encoded once. The groups of one part (a
 * transaction) are handed over together, by id.
 */
export class Reading {
  /** kind -> payload text -> what its events share */
  private readonly contents = new Map<string, Map<string | null, EventContent>>();
  private part: number | null = null;
  private groups: Group[] = [];
  constructor(private readonly target: HandOverTarget) {}

  group(row: EventGroupRow): void {
    if (row.part !== this.part) {
      this.end();
      this.part = row.part;
    }
    let ofKind = this.contents.get(row.kind);
    if (!ofKind) this.contents.set(row.kind, (ofKind = new Map()));
    let content = ofKind.get(row.payload_text);
    if (!content) ofKind.set(row.payload_text, (content = eventContent(row.kind, deepFreeze(parsePayload(row.payload_text)))));
    // created_at is the publishing transaction's start: an upper bound of commit-to-delivery.
    // Its events have the same lag by construction: one observation for the group.
    eventBusLag.observe(Math.max(0, Date.now() - row.created_ms) / 1000);
    this.groups.push({ content, ids: row.ids.split(','), userIds: row.user_ids.split(',') });
  }

  /** Hands the part read so far over (called when the next part starts and at the end). */
  end(): void {
    const groups = this.groups;
    if (!groups.length) return;
    this.groups = [];
    handOverById(this.target, groups);
  }
}

/**
 * The events of several groups (sorted by their first id), handed over in id order:
 * each person's events in the order they were written, whatever their contents. Groups
 * whose ids do not interleave (one content per transaction, or contents written one
 * after the other) go group by group; interleaved ones are merged.
 */
function handOverById(target: HandOverTarget, groups: Group[]): void {
  let interleaved = false;
  for (let g = 1; g < groups.length && !interleaved; g++) {
    const previous = groups[g - 1]!.ids;
    interleaved = !isLaterId(groups[g]!.ids[0]!, previous[previous.length - 1]!);
  }
  if (!interleaved) {
    for (const group of groups) target.handOverGroup(group);
    return;
  }
  const order: [Group, number][] = [];
  for (const group of groups) for (let i = 0; i < group.ids.length; i++) order.push([group, i]);
  order.sort(([a, i], [b, j]) => (isLaterId(a.ids[i]!, b.ids[j]!) ? 1 : -1));
  for (const [group, i] of order) target.handOver(group.ids[i]!, group.userIds[i]!, group.content);
}

function parsePayload(text: string | null): Record<string, unknown> {
  const value: unknown = text === null ? null : JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
