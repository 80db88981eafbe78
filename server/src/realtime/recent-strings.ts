/**
 * The last `capacity` strings added, for membership: a Set, with a ring to forget the oldest in
 * O(1) (a Set's first entry is not, after many deletions). HandedOver's ids, the announced
 * transactions of TransactionReader.
 */
export class RecentStrings {
  private readonly set = new Set<string>();
  private readonly ring: (string | undefined)[];
  private next = 0;

  constructor(capacity: number) {
    this.ring = new Array<string | undefined>(capacity);
  }

  get size(): number {
    return this.set.size;
  }

  has(value: string): boolean {
    return this.set.has(value);
  }

  add(value: string): void {
    const oldest = this.ring[this.next];
    if (oldest !== undefined) this.set.delete(oldest);
    this.ring[this.next] = value;
    this.next = (this.next + 1) % this.ring.length;
    this.set.add(value);
  }

  values(): string[] {
    return [...this.set];
  }
}
