// A map whose entries expire after a fixed time and are keyed by random, unguessable strings (launches, codes,
// sessions); taking an entry removes it, which makes authorization codes single-use.
import { randomBytes } from 'node:crypto';

/** Random-keyed entries that expire `ttlMs` after they were put. */
export class ExpiringStore<T> {
  private readonly items = new Map<string, { value: T; expires: number }>();

  constructor(readonly ttlMs: number) {}

  /** Stores a value under a fresh random key and returns the key. */
  put(value: T): string {
    this.prune();
    const key = randomBytes(24).toString('base64url');
    this.items.set(key, { value, expires: Date.now() + this.ttlMs });
    return key;
  }

  /** The value under `key`, unless it expired. */
  get(key: string): T | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    if (item.expires <= Date.now()) {
      this.items.delete(key);
      return undefined;
    }
    return item.value;
  }

  /** The value under `key`, removed. */
  take(key: string): T | undefined {
    const value = this.get(key);
    this.items.delete(key);
    return value;
  }

  /** Removes the entry under `key`. */
  delete(key: string): void {
    this.items.delete(key);
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, item] of this.items) if (item.expires <= now) this.items.delete(key);
  }
}
