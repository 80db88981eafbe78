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

  /** Forgets a value (looked for from the newest: a value is usually forgotten soon after it was added). */
  delete(value: string): void {
    if (!this.set.delete(value)) return;
    for (let step = 1; step <= this.ring.length; step++) {
      const slot = (this.next - step + this.ring.length) % this.ring.length;
      if (this.ring[slot] === value) {
        this.ring[slot] = undefined;
        return;
      }
    }
  }

  values(): string[] {
    return [...this.set];
  }
}
