// Drives the SMART App Launch flow over real HTTP (authorize → code → token), as a browser app would.
import { createHash, randomBytes } from 'node:crypto';

export interface FlowOptions {
  server: string;
  fhirBase: string;
  scope: string;
  launch?: string;
  /** Standalone launch: the patient chosen on the picker page. */
  pick?: string;
  clientId?: string;
  clientSecret?: string;
  /** Send another verifier than the one the challenge was made from. */
  wrongVerifier?: boolean;
}

export interface TokenResponse {
  access_token?: string;
  patient?: string;
  scope?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/** PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Creates an EHR launch for a patient and returns the `launch` value the EHR sent to the app. */
export async function ehrLaunch(
  server: string,
  patientId: string
): Promise<{ launch: string; iss: string; location: string }> {
  const res = await fetch(`${server}/sandbox/launch?patient=${patientId}`, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const url = new URL(location);
  return { launch: url.searchParams.get('launch') ?? '', iss: url.searchParams.get('iss') ?? '', location };
}

/**
 * Runs authorize + token.
 * @param o - Flow options.
 * @returns The token endpoint's JSON and HTTP status.
 */
export async function authorizeAndExchange(o: FlowOptions): Promise<{ status: number; body: TokenResponse }> {
  const { verifier, challenge } = pkce();
  const redirectUri = `${o.server}/index.html`;
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: o.clientId ?? 'oncoagent',
    redirect_uri: redirectUri,
    scope: o.scope,
    state: 'st-123',
    aud: o.fhirBase,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  if (o.launch) params.set('launch', o.launch);
  let res = await fetch(`${o.server}/sandbox/auth/authorize?${params}`, { redirect: 'manual' });
  if (res.status === 200 && o.pick) {
    params.set('patient', o.pick);
    res = await fetch(`${o.server}/sandbox/auth/authorize`, { method: 'POST', body: params, redirect: 'manual' });
  }
  const location = new URL(res.headers.get('location') ?? 'http://invalid/');
  const code = location.searchParams.get('code');
  if (!code)
    throw new Error(`authorize gave no code: ${res.status} ${location.searchParams.get('error_description') ?? ''}`);
  if (location.searchParams.get('state') !== 'st-123') throw new Error('state was not returned');
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: o.wrongVerifier ? pkce().verifier : verifier,
    client_id: o.clientId ?? 'oncoagent',
  });
  if (o.clientSecret) form.set('client_secret', o.clientSecret);
  const tokenRes = await fetch(`${o.server}/sandbox/auth/token`, { method: 'POST', body: form });
  return { status: tokenRes.status, body: (await tokenRes.json()) as TokenResponse };
}

/** A backend token for the CLI client (client_credentials, system/ scopes). */
export async function backendToken(
  server: string,
  secret: string,
  scope = 'system/*.*'
): Promise<{ status: number; body: TokenResponse }> {
  const res = await fetch(`${server}/sandbox/auth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`oncoagent-cli:${secret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  return { status: res.status, body: (await res.json()) as TokenResponse };
}
