// Refresh tokens with rotation and reuse detection (OAuth 2.1 §4.3.1, RFC 6819 §5.2.2.3): each use returns a new
// token of the same family; presenting a rotated-out token again revokes the whole family — every refresh token and
// every access token issued in it — because either the client or an attacker holds a stolen copy.
import { randomBytes } from 'node:crypto';
import type { RevocationList } from './revocations';

export interface RefreshGrant {
  clientId: string;
  scope: string;
  patient?: string;
  aud: string;
}

interface Family {
  tokens: Set<string>;
  /** Access tokens issued in this family: jti → exp (seconds). */
  accessTokens: Map<string, number>;
}

interface Entry {
  family: string;
  grant: RefreshGrant;
  expires: number;
  used: boolean;
}

/** What presenting a refresh token gave. */
export type Rotation = { kind: 'ok'; family: string; grant: RefreshGrant } | { kind: 'reused' } | { kind: 'invalid' };

/** The refresh tokens of one sandbox. */
export class RefreshTokenStore {
  private readonly entries = new Map<string, Entry>();
  private readonly families = new Map<string, Family>();

  constructor(
    private readonly ttlMs: number,
    private readonly revocations: RevocationList
  ) {}

  /** Starts a family (one per authorization); returns its id. */
  startFamily(): string {
    const id = randomBytes(16).toString('base64url');
    this.families.set(id, { tokens: new Set(), accessTokens: new Map() });
    return id;
  }

  /** Records an access token issued in a family, so revoking the family revokes it too. */
  recordAccessToken(family: string, jti: string, exp: number): void {
    this.families.get(family)?.accessTokens.set(jti, exp);
  }

  /** Issues a refresh token in a family. */
  issue(family: string, grant: RefreshGrant): string {
    this.prune();
    const token = randomBytes(32).toString('base64url');
    this.entries.set(token, { family, grant, expires: Date.now() + this.ttlMs, used: false });
    this.families.get(family)?.tokens.add(token);
    return token;
  }

  /**
   * Uses a refresh token once. A token of another client is refused without being spent; a token used before revokes
   * its family.
   * @param token - The presented refresh token.
   * @param clientId - The authenticated client.
   * @returns The grant to issue new tokens for, or why not.
   */
  rotate(token: string, clientId: string): Rotation {
    const entry = this.live(token);
    if (!entry || entry.grant.clientId !== clientId) return { kind: 'invalid' };
    if (entry.used) {
      this.revokeFamily(entry.family);
      return { kind: 'reused' };
    }
    entry.used = true;
    return { kind: 'ok', family: entry.family, grant: entry.grant };
  }

  /** The client a live refresh token belongs to (for the revocation endpoint). */
  owner(token: string): string | undefined {
    return this.live(token)?.grant.clientId;
  }

  /** Revokes the family of a refresh token: all its refresh tokens and access tokens. */
  revoke(token: string): void {
    const entry = this.live(token);
    if (entry) this.revokeFamily(entry.family);
  }

  private revokeFamily(id: string): void {
    const family = this.families.get(id);
    if (!family) return;
    for (const token of family.tokens) this.entries.delete(token);
    for (const [jti, exp] of family.accessTokens) this.revocations.revoke(jti, exp);
    this.families.delete(id);
  }

  private live(token: string): Entry | undefined {
    const entry = this.entries.get(token);
    return entry && entry.expires > Date.now() ? entry : undefined;
  }

  private prune(): void {
    const now = Date.now();
    for (const [token, entry] of this.entries) {
      if (entry.expires > now) continue;
      this.entries.delete(token);
      const family = this.families.get(entry.family);
      family?.tokens.delete(token);
      if (family && family.tokens.size === 0) this.families.delete(entry.family);
    }
  }
}
