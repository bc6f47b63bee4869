// Finds an EHR's token-signing keys: `<fhirBase>/.well-known/smart-configuration` → `jwks_uri` → the key set, both
// fetched only from allowed origins and kept for a few minutes; an unknown key id refetches the set (rate-limited) so
// a key rotation is picked up.
import type { JsonWebKey } from 'node:crypto';
import { unusableFhirServer } from './origins';
import { getJson, type OutboundOptions } from './outbound';
import { TtlCache } from './ttl-cache';

export interface KeySetOptions extends OutboundOptions {
  /** How long discovery results and key sets are kept (default 10 min). */
  ttlMs?: number;
  /** Least time between two refetches of one key set for an unknown key id (default 30 s). */
  minRefreshMs?: number;
  now?: () => number;
}

interface KeySet {
  keys: JsonWebKey[];
  fetchedAt: number;
}

/** The key sets of the EHRs this server talks to. */
export class EhrKeySets {
  private readonly discovered: TtlCache<Promise<string | null>>;
  private readonly sets: TtlCache<Promise<KeySet>>;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(private readonly options: KeySetOptions) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? 600_000;
    this.discovered = new TtlCache(200, this.now);
    this.sets = new TtlCache(200, this.now);
  }

  /**
   * The signing keys of the EHR at a FHIR base.
   * @param fhirBase - A normalised, allowed FHIR base.
   * @param refresh - Refetch the set unless it was fetched very recently (an unknown key id).
   * @returns The keys, or null when the EHR offers no key set on an allowed origin (its tokens are then checked by
   * the patient read alone); throws the "unusable FHIR server" error when discovery or the set cannot be read.
   */
  async keys(fhirBase: string, refresh = false): Promise<JsonWebKey[] | null> {
    const jwksUri = await this.remember(this.discovered, fhirBase, () => this.discover(fhirBase));
    if (!jwksUri) return null;
    let set = await this.remember(this.sets, jwksUri, () => this.fetchSet(jwksUri));
    if (refresh && this.now() - set.fetchedAt >= (this.options.minRefreshMs ?? 30_000)) {
      this.sets.delete(jwksUri);
      set = await this.remember(this.sets, jwksUri, () => this.fetchSet(jwksUri));
    }
    return set.keys;
  }

  private async remember<T>(cache: TtlCache<Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = load();
    cache.set(key, pending, this.ttlMs);
    pending.catch(() => cache.delete(key));
    return pending;
  }

  private async discover(fhirBase: string): Promise<string | null> {
    const reply = await getJson(
      `${fhirBase}/.well-known/smart-configuration`,
      { accept: 'application/json' },
      this.options
    );
    const jwksUri = (reply.json as { jwks_uri?: unknown } | undefined)?.jwks_uri;
    if (reply.status !== 200 || typeof jwksUri !== 'string') return null;
    // A key set on an origin this server may not contact cannot be used; such tokens are treated as opaque.
    return this.options.origins.allows(jwksUri) ? jwksUri : null;
  }

  private async fetchSet(jwksUri: string): Promise<KeySet> {
    const reply = await getJson(jwksUri, { accept: 'application/json' }, this.options);
    const keys = (reply.json as { keys?: unknown } | undefined)?.keys;
    if (reply.status !== 200 || !Array.isArray(keys)) throw unusableFhirServer();
    return { keys: keys.filter((k): k is JsonWebKey => typeof k === 'object' && k !== null), fetchedAt: this.now() };
  }
}
