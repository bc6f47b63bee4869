// A minimal EHR for token-check tests on 127.0.0.1: smart-configuration with a jwks_uri, the key set, Patient reads
// that accept listed tokens, and a JWT signer (RS256/RS384/ES256/ES384) whose keys can be rotated.
import { generateKeyPairSync, type JsonWebKey, type KeyObject, randomUUID, sign } from 'node:crypto';
import { type RecordedRequest, type ScriptedServer, sendJson, startScriptedServer } from '../../../net/scripted-server';

export type Alg = 'RS256' | 'RS384' | 'ES256' | 'ES384';

/** A signing key and its public JWK. */
export interface TestKey {
  alg: Alg;
  kid: string;
  privateKey: KeyObject;
  jwk: JsonWebKey;
}

/**
 * Makes a key pair for an algorithm.
 * @param alg - The JWS algorithm.
 * @returns The key.
 */
export function makeKey(alg: Alg): TestKey {
  const pair = alg.startsWith('RS')
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: alg === 'ES256' ? 'P-256' : 'P-384' });
  const kid = randomUUID();
  return {
    alg,
    kid,
    privateKey: pair.privateKey,
    jwk: { ...pair.publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' },
  };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs claims as a compact JWS.
 * @param key - The key.
 * @param claims - The payload.
 * @param header - Header fields to add or override (e.g. `alg: 'none'`).
 * @returns The JWT.
 */
export function signJwt(key: TestKey, claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const head = b64url({ alg: key.alg, typ: 'JWT', kid: key.kid, ...header });
  const body = b64url(claims);
  const hash = key.alg.endsWith('256') ? 'sha256' : 'sha384';
  const signature = sign(hash, Buffer.from(`${head}.${body}`), {
    key: key.privateKey,
    ...(key.alg.startsWith('ES') ? { dsaEncoding: 'ieee-p1363' as const } : {}),
  });
  return `${head}.${body}.${signature.toString('base64url')}`;
}

export interface FakeEhr {
  server: ScriptedServer;
  /** e.g. http://127.0.0.1:41234/fhir */
  fhirBase: string;
  /** Keys published in the JWKS (change to rotate). */
  keys: TestKey[];
  /** Tokens the Patient endpoint accepts, with the patient each may read. */
  tokens: Map<string, string>;
  /** Whether smart-configuration offers a jwks_uri (else 404). */
  offerJwks: boolean;
  /** Requests by kind, for "no request was made" checks. */
  count: (kind: 'config' | 'jwks' | 'patient') => number;
  /** A valid JWT for a patient (also registered in `tokens`). */
  jwt: (patient: string, claims?: Record<string, unknown>, key?: TestKey) => string;
  close: () => Promise<void>;
}

const kindOf = (r: RecordedRequest) =>
  r.path.endsWith('/.well-known/smart-configuration') ? 'config' : r.path === '/jwks' ? 'jwks' : 'patient';

/**
 * Starts the fake EHR.
 * @param alg - The algorithm of the first key.
 * @returns The EHR.
 */
export async function startFakeEhr(alg: Alg = 'RS256'): Promise<FakeEhr> {
  const ehr = {} as FakeEhr;
  ehr.keys = [makeKey(alg)];
  ehr.tokens = new Map();
  ehr.offerJwks = true;
  ehr.server = await startScriptedServer((req, res) => {
    if (kindOf(req) === 'config') {
      if (!ehr.offerJwks) return sendJson(res, 404, { resourceType: 'OperationOutcome' });
      return sendJson(res, 200, { issuer: ehr.server.url, jwks_uri: `${ehr.server.url}/jwks` });
    }
    if (kindOf(req) === 'jwks') return sendJson(res, 200, { keys: ehr.keys.map((k) => k.jwk) });
    const id = /^\/fhir\/Patient\/([^/]+)$/.exec(req.path)?.[1];
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const allowed = token === undefined ? undefined : ehr.tokens.get(token);
    if (allowed === undefined) return sendJson(res, 401, { resourceType: 'OperationOutcome' });
    if (allowed !== id) return sendJson(res, 403, { resourceType: 'OperationOutcome' });
    return sendJson(res, 200, { resourceType: 'Patient', id });
  });
  ehr.fhirBase = `${ehr.server.url}/fhir`;
  ehr.count = (kind) => ehr.server.requests.filter((r) => kindOf(r) === kind).length;
  ehr.jwt = (patient, claims = {}, key = ehr.keys[0]!) => {
    const token = signJwt(key, {
      sub: 'Practitioner/dr-a',
      aud: ehr.fhirBase,
      patient,
      exp: Math.floor(Date.now() / 1000) + 600,
      ...claims,
    });
    ehr.tokens.set(token, patient);
    return token;
  };
  ehr.close = () => ehr.server.close();
  return ehr;
}
