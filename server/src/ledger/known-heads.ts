import type { ChainHead } from './ledger-entries.repository';

/**
 * The heads of the chains this process last posted to or read, the most recently used kept up to
 * `capacity` (the oldest forgotten first), so a posting need not read its chain's head again. A
 * remembered head is always an entry of its chain, at worst an older one when another process has
 * posted since; the unique seq claim refuses a posting built on it, which then reads the true head.
 */
export class KnownHeads {
  private readonly heads = new Map<string, ChainHead>();

  constructor(private readonly capacity: number) {}

  get(chain: string): ChainHead | undefined {
    const head = this.heads.get(chain);
    if (head) this.remember(chain, head);
    return head;
  }

  remember(chain: string, head: ChainHead): void {
    // Deleted first, so a Map's insertion order is the order of use and the first key the oldest.
    this.heads.delete(chain);
    this.heads.set(chain, head);
    if (this.heads.size > this.capacity) this.heads.delete(this.heads.keys().next().value!);
  }

  get size(): number {
    return this.heads.size;
  }
}
