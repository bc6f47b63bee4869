// Decides who is calling the API: the caller's SMART access token is checked against the EHR it is for (a JWT
// against the EHR's published keys when it offers them) and, always, by reading the patient in context with it.
// Verdicts are kept a few minutes per (token hash, FHIR base, patient); the raw token is never a key or logged.
import { createHash } from 'node:crypto';
import { OperationOutcomeError } from '@medplum/core';
import { forbidden } from '../../agent/outcome';
import { unauthorized } from '../problem';
import { EhrKeySets, type KeySetOptions } from './jwks';
import { decodeJwt, type JwtClaims, JwtRejected, verifyJwt } from './jws';
import { unusableFhirServer } from './origins';
import { getJson } from './outbound';
import { TtlCache } from './ttl-cache';

/** Who is calling, established by {@link TokenVerifier.verify}. */
export interface Caller {
  /** Owns what this caller starts: FHIR base + patient + (verified `sub`, else the token's hash). Opaque. */
  owner: string;
  /** The FHIR base, normalised (no trailing slash). */
  fhirBase: string;
  patientId: string;
  /** The access token, passed on to the EHR for the caller's own reads; never logged. */
  token: string;
  /** The token's `sub`, when the token was a JWT verified against the EHR's keys. */
  subject?: string;
}

export interface VerifierOptions extends KeySetOptions {
  /** Audiences accepted besides the FHIR base: the app's SMART client id (Medplum puts it in `aud`). */
  clientIds?: readonly string[];
  /** How long a verdict is kept (default 5 min; never past the token's `exp`). */
  verdictTtlMs?: number;
  /** Most verdicts kept (default 1000). */
  maxVerdicts?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const REFUSED_PATIENT = 'The access token does not give access to this patient';

/** Checks SMART access tokens against their EHR. */
export class TokenVerifier {
  private readonly keySets: EhrKeySets;
  private readonly verdicts: TtlCache<Omit<Caller, 'token'>>;
  private readonly pending = new Map<string, Promise<Omit<Caller, 'token'>>>();
  private readonly now: () => number;

  constructor(private readonly options: VerifierOptions) {
    this.now = options.now ?? Date.now;
    this.keySets = new EhrKeySets(options);
    this.verdicts = new TtlCache(options.maxVerdicts ?? 1000, this.now);
  }

  /**
   * Establishes the caller.
   * @param token - The bearer token.
   * @param fhirBase - The EHR's FHIR base the caller says the token is for.
   * @param patientId - The patient in context.
   * @returns The caller; throws an OperationOutcomeError: 400 (FHIR server not allowed or unusable, one text for all),
   * 401 (token refused), 403 (no access to the patient).
   */
  async verify(token: string, fhirBase: string, patientId: string): Promise<Caller> {
    const base = this.options.origins.base(fhirBase);
    const tokenHash = sha256(token);
    const key = `${tokenHash}\n${base}\n${patientId}`;
    const known = this.verdicts.get(key);
    if (known) return { ...known, token };
    let check = this.pending.get(key);
    if (!check) {
      check = this.check(token, tokenHash, base, patientId).then(({ caller, ttlMs }) => {
        this.verdicts.set(key, caller, ttlMs);
        return caller;
      });
      this.pending.set(key, check);
      void check.finally(() => this.pending.delete(key)).catch(() => {});
    }
    return { ...(await check), token };
  }

  private async check(
    token: string,
    tokenHash: string,
    base: string,
    patientId: string
  ): Promise<{ caller: Omit<Caller, 'token'>; ttlMs: number }> {
    const claims = await this.verifiedClaims(token, base);
    await this.readPatient(token, base, patientId);
    const subject = typeof claims?.sub === 'string' && claims.sub ? claims.sub : undefined;
    const who = subject ? ['sub', subject] : ['token', tokenHash];
    const owner = sha256(JSON.stringify([base, patientId, ...who]));
    const ttl = this.options.verdictTtlMs ?? 300_000;
    const untilExpiry = typeof claims?.exp === 'number' ? claims.exp * 1000 - this.now() : ttl;
    return { caller: { owner, fhirBase: base, patientId, subject }, ttlMs: Math.min(ttl, untilExpiry) };
  }

  /** The verified claims of a JWT when the EHR publishes keys; undefined for an opaque token or no keys. */
  private async verifiedClaims(token: string, base: string): Promise<JwtClaims | undefined> {
    if (!decodeJwt(token)) return undefined;
    const keys = await this.keySets.keys(base);
    if (!keys) return undefined;
    const audiences = [base, ...(this.options.clientIds ?? [])];
    try {
      try {
        return verifyJwt(token, keys, { audiences, now: this.now() });
      } catch (err) {
        if (!(err instanceof JwtRejected) || err.reason !== 'unknown-key') throw err;
        const fresh = await this.keySets.keys(base, true);
        return verifyJwt(token, fresh ?? [], { audiences, now: this.now() });
      }
    } catch (err) {
      if (err instanceof JwtRejected) {
        throw unauthorized(`${err.message}. Relaunch OncoAgent from the EHR.`, 'invalid_token');
      }
      throw err;
    }
  }

  private async readPatient(token: string, base: string, patientId: string): Promise<void> {
    const reply = await getJson(
      `${base}/Patient/${encodeURIComponent(patientId)}`,
      { authorization: `Bearer ${token}`, accept: 'application/fhir+json' },
      this.options
    );
    if (reply.status === 401) {
      throw unauthorized(
        'The EHR did not accept the access token (expired or revoked). Relaunch OncoAgent from the EHR.',
        'invalid_token'
      );
    }
    if ([403, 404, 410].includes(reply.status)) throw new OperationOutcomeError(forbidden(REFUSED_PATIENT));
    if (reply.status !== 200) throw unusableFhirServer();
    const patient = reply.json as { resourceType?: unknown; id?: unknown } | undefined;
    if (patient?.resourceType !== 'Patient' || patient.id !== patientId) {
      throw new OperationOutcomeError(forbidden(REFUSED_PATIENT));
    }
  }
}
