import { isLaterId } from './event-ids.ts';
import { RecentStrings } from './recent-strings.ts';

/**
 * Event ids the bus remembers having handed over, to skip repeats (its own catch-up
 * after a dropped LISTEN overlapping NOTIFYs): bounded per instance, not per subscriber.
 */
const REMEMBERED_IDS = 20_000;
/** A group of at least this many events is remembered as one block (its id range), not id by id. */
const BLOCK_MIN = 64;

/**
 * The ids the bus handed over lately, to skip repeats (a catch-up after a dropped LISTEN
 * overlapping NOTIFYs, in either order). Small groups id by id (RecentStrings); a big
 * group (one transaction notifying thousands) as one block: its first and last id, and
 * its ids only when they are not consecutive. Each kind holds REMEMBERED_IDS ids at
 * most (blocks: the newest one whatever its size). Asking whether any id of a new group
 * is a repeat costs a comparison per block and none per id when nothing overlaps.
 */
export class HandedOver {
  private readonly ids = new RecentStrings(REMEMBERED_IDS);
  /** The highest id ever put in `ids` (never lowered: a bound, not a member). */
  private idsMax = '0';
  /** Oldest first. */
  private readonly blocks: Block[] = [];
  private blockedIds = 0;

  has(id: string): boolean {
    if (this.ids.has(id)) return true;
    for (let b = 0; b < this.blocks.length; b++) if (this.blocks[b]!.has(id)) return true;
    return false;
  }

  add(id: string): void {
    this.ids.add(id);
    if (isLaterId(id, this.idsMax)) this.idsMax = id;
  }

  /** Remembers ids given in ascending order (a group). */
  addSorted(ids: string[]): void {
    if (ids.length < BLOCK_MIN) {
      for (let i = 0; i < ids.length; i++) this.add(ids[i]!);
      return;
    }
    this.blocks.push(new Block(ids));
    this.blockedIds += ids.length;
    while (this.blockedIds > REMEMBERED_IDS && this.blocks.length > 1) this.blockedIds -= this.blocks.shift()!.size;
  }

  /** The positions of `ids` (ascending) handed over already; null when none (the usual answer, found without a look per id). */
  repeatsIn(ids: string[]): Set<number> | null {
    let repeats: Set<number> | null = null;
    const first = ids[0]!;
    const last = ids[ids.length - 1]!;
    if (this.ids.size && !isLaterId(first, this.idsMax)) {
      for (let i = 0; i < ids.length && !isLaterId(ids[i]!, this.idsMax); i++) if (this.ids.has(ids[i]!)) (repeats ??= new Set()).add(i);
    }
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b]!;
      if (!block.overlaps(first, last)) continue;
      for (let i = 0; i < ids.length; i++) if (block.has(ids[i]!)) (repeats ??= new Set()).add(i);
    }
    return repeats;
  }
}

/** A big group's ids as HandedOver keeps them: a range, with the ids themselves only when some are missing in it. */
class Block {
  readonly first: string;
  readonly last: string;
  readonly size: number;
  /** null: every id from first to last. */
  private readonly ids: string[] | null;

  constructor(ids: string[]) {
    this.first = ids[0]!;
    this.last = ids[ids.length - 1]!;
    this.size = ids.length;
    // Consecutive ids (one statement's rows, the usual case) need no list; exact as numbers below 2^53.
    const consecutive = this.last.length <= 15 && Number(this.last) - Number(this.first) + 1 === ids.length;
    this.ids = consecutive ? null : ids;
  }

  overlaps(first: string, last: string): boolean {
    return !isLaterId(first, this.last) && !isLaterId(this.first, last);
  }

  has(id: string): boolean {
    if (isLaterId(this.first, id) || isLaterId(id, this.last)) return false;
    const ids = this.ids;
    if (!ids) return true;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = ids[middle]!;
      if (at === id) return true;
      if (isLaterId(id, at)) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}
