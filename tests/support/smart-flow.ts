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
  /** Default `<server>/index.html`. */
  redirectUri?: string;
  /** The `aud` sent to authorize; default `fhirBase`. */
  aud?: string;
  /** Session cookie of a signed-in demo user (see {@link signIn}); sent with every authorize request. */
  cookie?: string;
  /** What to answer on the consent screen, when the sandbox shows one. */
  consent?: 'approve' | 'deny';
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

/** Where authorize sent the browser in the end (after any picker or consent page). */
export interface AuthorizeResult {
  status: number;
  /** The redirect target, when authorize redirected. */
  location?: URL;
  /** The page, when authorize answered with HTML instead. */
  html?: string;
  verifier: string;
  redirectUri: string;
}

/** PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Creates an EHR launch for a patient and returns the `launch` value the EHR sent to the app. */
export async function ehrLaunch(
  server: string,
  patientId: string,
  cookie?: string
): Promise<{ launch: string; iss: string; location: string }> {
  const res = await fetch(`${server}/sandbox/launch?patient=${patientId}`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  const location = res.headers.get('location') ?? '';
  const url = new URL(location);
  return { launch: url.searchParams.get('launch') ?? '', iss: url.searchParams.get('iss') ?? '', location };
}

/** The named fields of the first form of a sandbox page (hidden inputs), with HTML character references decoded. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    const decode = (s: string) => s.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    fields[decode(m[1] ?? '')] = decode(m[2] ?? '');
  }
  return fields;
}

/**
 * Signs the demo user in to the sandbox (only needed when the sandbox requires a login).
 * @param server - Server origin.
 * @param user - Demo user name.
 * @param password - Its password.
 * @returns The `Cookie` header value, or undefined when the login was refused.
 */
export async function signIn(server: string, user: string, password: string): Promise<string | undefined> {
  const res = await fetch(`${server}/sandbox/login`, {
    method: 'POST',
    body: new URLSearchParams({ user, password, next: '/sandbox' }),
    redirect: 'manual',
  });
  const setCookie = res.headers.get('set-cookie');
  return res.status === 303 && setCookie ? setCookie.split(';')[0] : undefined;
}

/**
 * Runs authorize up to the redirect back to the app: picks the patient (`pick`) and answers the consent screen
 * (`consent`) when the sandbox shows them.
 * @param o - Flow options.
 * @returns The final response of authorize.
 */
export async function authorizeCode(o: FlowOptions): Promise<AuthorizeResult> {
  const { verifier, challenge } = pkce();
  const redirectUri = o.redirectUri ?? `${o.server}/index.html`;
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: o.clientId ?? 'oncoagent',
    redirect_uri: redirectUri,
    scope: o.scope,
    state: 'st-123',
    aud: o.aud ?? o.fhirBase,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  if (o.launch) params.set('launch', o.launch);
  const headers: Record<string, string> = o.cookie ? { Cookie: o.cookie } : {};
  const endpoint = `${o.server}/sandbox/auth/authorize`;
  let res = await fetch(`${endpoint}?${params}`, { redirect: 'manual', headers });
  let html = res.status === 200 ? await res.text() : undefined;
  if (html?.includes('data-patient=') && o.pick) {
    params.set('patient', o.pick);
    res = await fetch(endpoint, { method: 'POST', body: params, redirect: 'manual', headers });
    html = res.status === 200 ? await res.text() : undefined;
  }
  if (html?.includes('name="decision"') && o.consent) {
    const body = new URLSearchParams({ ...formFields(html), decision: o.consent });
    res = await fetch(endpoint, { method: 'POST', body, redirect: 'manual', headers });
    html = res.status === 200 ? await res.text() : undefined;
  }
  const target = res.headers.get('location');
  return { status: res.status, location: target ? new URL(target, o.server) : undefined, html, verifier, redirectUri };
}

/**
 * Runs authorize + token.
 * @param o - Flow options.
 * @returns The token endpoint's JSON and HTTP status.
 */
export async function authorizeAndExchange(o: FlowOptions): Promise<{ status: number; body: TokenResponse }> {
  const { status, location, verifier, redirectUri } = await authorizeCode(o);
  const code = location?.searchParams.get('code');
  if (!code)
    throw new Error(`authorize gave no code: ${status} ${location?.searchParams.get('error_description') ?? ''}`);
  if (location?.searchParams.get('state') !== 'st-123') throw new Error('state was not returned');
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: o.wrongVerifier ? pkce().verifier : verifier,
    client_id: o.clientId ?? 'oncoagent',
  });
  if (o.clientSecret) form.set('client_secret', o.clientSecret);
  return tokenRequest(o.server, form);
}

/**
 * POSTs a form to the token endpoint.
 * @param server - Server origin.
 * @param form - The form fields.
 * @param basic - `id:secret` for HTTP Basic client authentication.
 * @returns The token endpoint's JSON and HTTP status.
 */
export async function tokenRequest(
  server: string,
  form: URLSearchParams,
  basic?: string
): Promise<{ status: number; body: TokenResponse }> {
  const headers: Record<string, string> = basic
    ? { Authorization: `Basic ${Buffer.from(basic).toString('base64')}` }
    : {};
  const res = await fetch(`${server}/sandbox/auth/token`, { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as TokenResponse };
}

/** Exchanges a refresh token (public client unless `basic` is given). */
export function refreshToken(
  server: string,
  token: string,
  clientId = 'oncoagent',
  basic?: string
): Promise<{ status: number; body: TokenResponse }> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token });
  if (!basic) form.set('client_id', clientId);
  return tokenRequest(server, form, basic);
}

/**
 * Calls the RFC 7009 revocation endpoint.
 * @param server - Server origin.
 * @param fields - `token`, optional `token_type_hint`, and `client_id` for public clients.
 * @param basic - `id:secret` for confidential clients.
 * @returns HTTP status and the JSON body (empty object when there is none).
 */
export async function revokeToken(
  server: string,
  fields: Record<string, string>,
  basic?: string
): Promise<{ status: number; body: TokenResponse }> {
  const headers: Record<string, string> = basic
    ? { Authorization: `Basic ${Buffer.from(basic).toString('base64')}` }
    : {};
  const res = await fetch(`${server}/sandbox/auth/revoke`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as TokenResponse };
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
