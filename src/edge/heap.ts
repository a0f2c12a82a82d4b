/**
 * A binary heap that knows where each of its items is: push, pop, remove and re-rank any
 * item in O(log n). `before(a, b)`: whether `a` goes out before `b`. Each heap keeps its
 * items' positions in a map of its own, so one item can sit in two heaps (the budget's
 * best-first and worst-first orders).
 */
export class IndexedHeap<T> {
  private readonly items: T[] = [];
  private readonly at = new Map<T, number>();

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  /** The item that goes out after the first. */
  second(): T | undefined {
    const [, left, right] = this.items;
    return right !== undefined && this.before(right, left!) ? right : left;
  }

  has(item: T): boolean {
    return this.at.has(item);
  }

  push(item: T): void {
    this.items.push(item);
    this.at.set(item, this.items.length - 1);
    this.up(this.items.length - 1);
  }

  remove(item: T): boolean {
    const index = this.at.get(item);
    if (index === undefined) return false;
    const last = this.items.pop()!;
    this.at.delete(item);
    if (index < this.items.length) {
      this.items[index] = last;
      this.at.set(last, index);
      this.update(last);
    }
    return true;
  }

  /** Puts `item` back in order after its rank changed. */
  update(item: T): void {
    const index = this.at.get(item);
    if (index === undefined) return;
    this.down(this.up(index));
  }

  /** Whether `item` is among the first `n` to go out: looks at no more than about n items (n log n). */
  within(item: T, n: number): boolean {
    if (n <= 0 || !this.at.has(item)) return false;
    if (n >= this.items.length) return true;
    // The heap's first n items, best first: a small heap of candidate positions.
    const frontier = new IndexedHeap<number>((a, b) => this.before(this.items[a]!, this.items[b]!));
    frontier.push(0);
    for (let taken = 0; taken < n; taken++) {
      const index = frontier.pop()!;
      if (this.items[index] === item) return true;
      for (const child of [2 * index + 1, 2 * index + 2]) if (child < this.items.length) frontier.push(child);
    }
    return false;
  }

  pop(): T | undefined {
    const top = this.items[0];
    if (top !== undefined) this.remove(top);
    return top;
  }

  private up(index: number): number {
    const item = this.items[index]!;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(item, this.items[parent]!)) break;
      this.place(this.items[parent]!, index);
      index = parent;
    }
    this.place(item, index);
    return index;
  }

  private down(index: number): void {
    const item = this.items[index]!;
    const length = this.items.length;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && this.before(this.items[right]!, this.items[left]!) ? right : left;
      if (!this.before(this.items[child]!, item)) break;
      this.place(this.items[child]!, index);
      index = child;
    }
    this.place(item, index);
  }

  private place(item: T, index: number): void {
    this.items[index] = item;
    this.at.set(item, index);
  }
}
