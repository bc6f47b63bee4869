// Short-lived state of the authorization server: EHR launch contexts, authorization codes and refresh tokens.
import { randomBytes } from 'node:crypto';

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

export interface RefreshGrant {
  clientId: string;
  scope: string;
  patient?: string;
  aud: string;
}

/** A map whose entries expire; taking an entry removes it (codes are single-use). */
class ExpiringStore<T> {
  private readonly items = new Map<string, { value: T; expires: number }>();

  constructor(private readonly ttlMs: number) {}

  put(value: T): string {
    const key = randomBytes(24).toString('base64url');
    this.items.set(key, { value, expires: Date.now() + this.ttlMs });
    return key;
  }

  get(key: string): T | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    if (item.expires <= Date.now()) {
      this.items.delete(key);
      return undefined;
    }
    return item.value;
  }

  take(key: string): T | undefined {
    const value = this.get(key);
    this.items.delete(key);
    return value;
  }
}

/** All grant state of one sandbox. */
export class GrantStore {
  readonly launches = new ExpiringStore<LaunchContext>(10 * 60_000);
  readonly codes = new ExpiringStore<CodeGrant>(60_000);
  readonly refreshTokens = new ExpiringStore<RefreshGrant>(24 * 3600_000);
}
