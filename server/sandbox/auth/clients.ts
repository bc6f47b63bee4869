// The SMART clients the sandbox authorization server knows: the app (public and confidential) and the CLI backend.
import { timingSafeEqual } from 'node:crypto';

export interface SandboxClient {
  id: string;
  /** Present for confidential clients. */
  secret?: string;
  grants: ReadonlyArray<'authorization_code' | 'refresh_token' | 'client_credentials'>;
}

/**
 * The registered clients.
 * @param secret - The shared secret of the confidential clients (`ONCOAGENT_SANDBOX_SECRET`).
 * @returns Clients by id.
 */
export function sandboxClients(secret: string): Map<string, SandboxClient> {
  const list: SandboxClient[] = [
    { id: 'oncoagent', grants: ['authorization_code', 'refresh_token'] },
    { id: 'oncoagent-confidential', secret, grants: ['authorization_code', 'refresh_token'] },
    { id: 'oncoagent-cli', secret, grants: ['client_credentials'] },
  ];
  return new Map(list.map((c) => [c.id, c]));
}

/** Compares a presented secret with the registered one in constant time. */
export function secretMatches(client: SandboxClient, presented: string | undefined): boolean {
  if (!client.secret || presented === undefined) return false;
  const a = Buffer.from(client.secret);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the app may be sent back to this redirect URI: its own origin (the sandbox serves the app), loopback
 * hosts (local development), or an origin listed in `ONCOAGENT_SANDBOX_REDIRECT_ORIGINS`.
 * @param redirectUri - The redirect_uri of the authorize request.
 * @param sandboxOrigin - The origin the sandbox is reached at.
 * @param extraOrigins - Further allowed origins.
 * @returns True when allowed.
 */
export function redirectAllowed(redirectUri: string, sandboxOrigin: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin === sandboxOrigin || extraOrigins.includes(url.origin)) return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
