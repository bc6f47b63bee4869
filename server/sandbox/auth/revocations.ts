// Access tokens revoked before they expire, by their `jti`; each entry is kept only until the token would expire.

/** The revoked access tokens of one sandbox. */
export class RevocationList {
  private readonly revoked = new Map<string, number>();

  /**
   * Revokes an access token.
   * @param jti - The token's `jti` claim.
   * @param exp - The token's `exp` claim (seconds); after it the entry is dropped.
   */
  revoke(jti: string, exp: number): void {
    const now = Date.now();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    this.revoked.set(jti, exp * 1000);
  }

  /** Whether the access token with this `jti` was revoked. */
  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }
}
