/**
 * Group commit for small writes: the first goes at once, and those that arrive while a write is in
 * flight go together in the next one (at most `maxGroup`), so a burst of n costs a few round trips,
 * commands and driver passes instead of n. Each caller's promise settles with the write that holds
 * its item: resolved once that write is done, rejected with its error, or with the error the write
 * answers for that item alone (by its index in the group: a duplicate key among unordered inserts).
 */
export class GroupedWrites<T> {
  private waiting: Array<{ item: T; resolve: () => void; reject: (err: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<ReadonlyMap<number, unknown> | void>,
    private readonly maxGroup = 100,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxGroup);
      try {
        const failed = (await this.write(group.map((w) => w.item))) ?? new Map<number, unknown>();
        group.forEach((w, index) => (failed.has(index) ? w.reject(failed.get(index)) : w.resolve()));
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    this.writing = false;
  }
}
