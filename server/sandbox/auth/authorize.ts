// The SMART authorize endpoint: checks the request (client, redirect, PKCE S256, aud, scopes the client may hold),
// binds the launch context or lets the user pick a patient (standalone launch), asks for consent when the sandbox
// requires a login, then redirects back with a single-use code.
import type { Context } from 'hono';
import { redirectAllowed, type SandboxClient } from './clients';
import { consentPage, type PatientChoice, pickerPage } from './consent';
import type { GrantStore } from './grants';
import { escapeHtml, page, sendPage } from './html';
import type { SandboxLogin } from './login';
import { grantableScope } from './scope-policy';
import { scopeTokens } from './scopes';
import type { SandboxUrls } from './urls';

export interface AuthorizeDeps {
  clients: Map<string, SandboxClient>;
  grants: GrantStore;
  redirectOrigins: readonly string[];
  listPatients: () => Promise<PatientChoice[]>;
  urls: SandboxUrls;
  login: SandboxLogin;
  /** Medplum's rules: exact redirect_uri, no patient picker in a standalone launch. */
  medplum: boolean;
}

type Checked =
  | { kind: 'page'; message: string }
  | { kind: 'redirect'; redirectUri: string; error: string; description: string; state?: string }
  | { kind: 'ok'; params: Record<string, string>; client: SandboxClient; scope: string; patient?: string };

/** Fields of the sandbox's own forms, which are not authorize parameters. */
const UI_FIELDS = ['patient', 'decision', 'csrf'];

function check(params: Record<string, string>, deps: AuthorizeDeps): Checked {
  const { origin, fhirBase } = deps.urls;
  const client = deps.clients.get(params.client_id ?? '');
  if (!client?.grants.includes('authorization_code')) {
    return { kind: 'page', message: `Unknown client_id "${params.client_id ?? ''}".` };
  }
  const redirectUri = params.redirect_uri ?? '';
  const redirectOptions = { sandboxOrigin: origin, extraOrigins: deps.redirectOrigins, exact: deps.medplum };
  if (!redirectAllowed(redirectUri, client, redirectOptions)) {
    return { kind: 'page', message: `The redirect_uri "${redirectUri}" is not registered for this client.` };
  }
  const fail = (error: string, description: string): Checked => ({
    kind: 'redirect',
    redirectUri,
    error,
    description,
    state: params.state,
  });
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!params.state) return fail('invalid_request', 'state is required');
  if (params.code_challenge_method !== 'S256' || !params.code_challenge) {
    return fail('invalid_request', 'PKCE with code_challenge_method=S256 is required');
  }
  if ((params.aud ?? '').replace(/\/$/, '') !== fhirBase) {
    return fail('invalid_request', `aud must be this server's FHIR base URL (${fhirBase})`);
  }
  const scope = grantableScope(params.scope ?? '', client.allowedScopes);
  if (!scope) return fail('invalid_scope', 'None of the requested scopes can be granted to this client');
  let patient: string | undefined;
  if (params.launch) {
    patient = deps.grants.launches.get(params.launch)?.patient;
    if (!patient) return fail('invalid_request', 'Unknown or expired launch context');
  }
  return { kind: 'ok', params, client, scope, patient };
}

function redirectWith(c: Context, uri: string, values: Record<string, string | undefined>): Response {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(values)) if (v !== undefined) url.searchParams.set(k, v);
  return c.redirect(url.toString(), 302);
}

function issueCode(c: Context, deps: AuthorizeDeps, ok: Extract<Checked, { kind: 'ok' }>, patient?: string): Response {
  const code = deps.grants.codes.put({
    clientId: ok.client.id,
    redirectUri: ok.params.redirect_uri ?? '',
    scope: ok.scope,
    patient,
    codeChallenge: ok.params.code_challenge ?? '',
    aud: deps.urls.fhirBase,
    nonce: ok.params.nonce,
  });
  return redirectWith(c, ok.params.redirect_uri ?? '', { code, state: ok.params.state });
}

/** The consent step (only when a login is required): show the screen, or act on its answer. */
async function consent(
  c: Context,
  deps: AuthorizeDeps,
  ok: Extract<Checked, { kind: 'ok' }>,
  patient: string | undefined,
  raw: Record<string, string>
): Promise<Response> {
  const session = deps.login.session(c);
  if (!session) return deps.login.gate(c) ?? sendPage(c, page('Sign in first', ''), 401);
  const answered = c.req.method === 'POST' && raw.decision !== undefined;
  const genuine = answered && raw.csrf === session.csrf;
  if (genuine && raw.decision === 'approve') return issueCode(c, deps, ok, patient);
  if (genuine && raw.decision === 'deny') {
    const values = { error: 'access_denied', error_description: 'The user declined', state: ok.params.state };
    return redirectWith(c, ok.params.redirect_uri ?? '', values);
  }
  const chosen = patient ? (await deps.listPatients()).find((p) => p.id === patient) : undefined;
  const params = { ...ok.params, ...(patient ? { patient } : {}), csrf: session.csrf };
  const error = answered ? 'This form has expired; check the request and answer again.' : undefined;
  const html = consentPage({ params, user: session.user, scope: ok.scope, patient: chosen, error });
  return sendPage(c, html, answered ? 403 : 200);
}

/**
 * Handles GET (and the picker's and consent screen's POST) of the authorize endpoint.
 * @param c - The Hono context.
 * @param deps - Clients, grants, URLs, login.
 * @returns A redirect to the app, to the login page, or an HTML page.
 */
export async function authorize(c: Context, deps: AuthorizeDeps): Promise<Response> {
  const raw: Record<string, string> =
    c.req.method === 'POST'
      ? Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]))
      : c.req.query();
  const params = Object.fromEntries(Object.entries(raw).filter(([k]) => !UI_FIELDS.includes(k)));
  const gate = deps.login.gate(c, `${new URL(c.req.url).pathname}?${new URLSearchParams(params)}`);
  if (gate) return gate;
  const checked = check(params, deps);
  if (checked.kind === 'page')
    return sendPage(c, page('Authorization error', `<p class="error">${escapeHtml(checked.message)}</p>`), 400);
  if (checked.kind === 'redirect') {
    return redirectWith(c, checked.redirectUri, {
      error: checked.error,
      error_description: checked.description,
      state: checked.state,
    });
  }
  let patient = checked.patient;
  const wantsPatient = scopeTokens(checked.scope).includes('launch/patient');
  if (!patient && wantsPatient && !deps.medplum) {
    const patients = await deps.listPatients();
    const chosen = c.req.method === 'POST' && raw.patient ? patients.find((p) => p.id === raw.patient) : undefined;
    if (!chosen) return sendPage(c, pickerPage(params, patients));
    patient = chosen.id;
  }
  if (deps.login.required) return consent(c, deps, checked, patient, raw);
  return issueCode(c, deps, checked, patient);
}
