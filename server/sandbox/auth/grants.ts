// Short-lived state of the authorization server: EHR launch contexts, authorization codes, refresh token families
// and revoked access tokens.
import { ExpiringStore } from './expiring-store';
import { RefreshTokenStore } from './refresh-tokens';
import { RevocationList } from './revocations';

export type { RefreshGrant } from './refresh-tokens';

export interface LaunchContext {
  patient: string;
}

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  scope: string;
  patient?: string;
  codeChallenge: string;
  aud: string;
  nonce?: string;
}

/** All grant state of one sandbox. */
export class GrantStore {
  readonly launches = new ExpiringStore<LaunchContext>(10 * 60_000);
  readonly codes = new ExpiringStore<CodeGrant>(60_000);
  readonly revocations = new RevocationList();
  readonly refreshTokens = new RefreshTokenStore(24 * 3600_000, this.revocations);

  /**
   * Whether an access token was revoked (revocation endpoint, or its refresh token family was revoked).
   * @param jti - The access token's `jti` claim.
   * @returns True when the token must be refused.
   */
  isRevoked(jti: string): boolean {
    return this.revocations.isRevoked(jti);
  }
}
