// Remembers the `jti` of each accepted client assertion until the assertion expires, so that a captured assertion
// cannot be presented a second time (SMART Backend Services: "jti … MUST NOT be reused" within its lifetime).

/** Used assertion ids per client, each forgotten once its assertion has expired. */
export class JtiReplayCache {
  private readonly seen = new Map<string, number>();

  /**
   * @param maxEntries - Bound on memory: beyond it the oldest entries go. Only assertions whose signature verified are
   *   recorded, so filling it takes the client's own private key.
   */
  constructor(private readonly maxEntries = 100_000) {}

  /**
   * Records a `jti` unless it was already used.
   * @param clientId - The client the assertion authenticates.
   * @param jti - The assertion's id.
   * @param expiresAtS - The assertion's `exp`, seconds since the epoch.
   * @param nowMs - The clock.
   * @returns False when this client already used this jti (a replay).
   */
  use(clientId: string, jti: string, expiresAtS: number, nowMs = Date.now()): boolean {
    this.prune(nowMs);
    const key = `${clientId}\u0000${jti}`;
    const until = this.seen.get(key);
    if (until !== undefined && until > nowMs) return false;
    this.seen.set(key, expiresAtS * 1000);
    while (this.seen.size > this.maxEntries) {
      const oldest = this.seen.keys().next().value;
      if (oldest === undefined) break;
      this.seen.delete(oldest);
    }
    return true;
  }

  /** Drops expired entries from the oldest on (entries arrive in about expiry order: every exp is ≤ 5 min ahead). */
  private prune(nowMs: number): void {
    for (const [key, until] of this.seen) {
      if (until > nowMs) break;
      this.seen.delete(key);
    }
  }
}
