// A small bounded map whose entries expire: token verdicts and EHR key sets are kept a few minutes, never forever,
// and never more than a fixed number (the least recently used goes first).

/** Bounded least-recently-used map with a per-entry expiry. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  /**
   * @param maxEntries - Most entries kept.
   * @param now - The clock in milliseconds (tests).
   */
  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now
  ) {}

  /** The value, if present and not expired (it becomes the most recently used). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Stores a value until `ttlMs` from now; a non-positive TTL stores nothing.
   * @param key - The key.
   * @param value - The value.
   * @param ttlMs - Lifetime in milliseconds.
   */
  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    if (ttlMs <= 0) return;
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  /** Forgets one key. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Entries held (expired ones not yet dropped included). */
  get size(): number {
    return this.entries.size;
  }
}
