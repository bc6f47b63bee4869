// Results of recent retrieval queries, kept per open index. A cohort run asks the same questions of the knowledge
// base for patient after patient (the sub-queries come from structured facts: tumour, stage, biomarkers), and each
// Lance query costs more CPU on its own threads than the rest of a workup's JS does; the knowledge base does not
// change while an index is open, so an answer once computed stays right until the index is closed.

/** Hits and misses since the cache was made (for the worker's and the bench's figures). */
export interface QueryCacheStats {
  hits: number;
  misses: number;
  entries: number;
}

/**
 * A bounded least-recently-used cache of query results. A query in flight is shared by callers that ask it again;
 * a failed one is forgotten so the next caller tries again.
 */
export class QueryCache<T> {
  private readonly entries = new Map<string, Promise<readonly T[]>>();
  private hits = 0;
  private misses = 0;

  /** @param capacity - Queries kept (the least recently used goes first); 0 keeps none. */
  constructor(private readonly capacity = 512) {}

  /**
   * The cached result of a query, or the result of `compute` (then cached).
   * @param key - The query and everything else its result depends on.
   * @param compute - Runs the query.
   * @returns A fresh array each time (callers may sort or cut it; the items themselves are shared and must not be
   * changed).
   */
  async get(key: string, compute: () => Promise<T[]>): Promise<T[]> {
    const cached = this.entries.get(key);
    if (cached) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, cached);
      return [...(await cached)];
    }
    this.misses++;
    if (this.capacity <= 0) return compute();
    const pending: Promise<readonly T[]> = compute();
    this.entries.set(key, pending);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    try {
      return [...(await pending)];
    } catch (err) {
      if (this.entries.get(key) === pending) this.entries.delete(key);
      throw err;
    }
  }

  /** Forgets one query's result (it was computed with a stage skipped, so a later try may do better). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every result (the index was closed or rebuilt). */
  clear(): void {
    this.entries.clear();
  }

  stats(): QueryCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size };
  }
}
