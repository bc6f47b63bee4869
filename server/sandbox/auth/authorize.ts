// The SMART authorize endpoint: checks the request (client, redirect, PKCE S256, aud), binds the launch context or
// lets the user pick a patient (standalone launch), then redirects back with a single-use code.
import type { Context } from 'hono';
import { redirectAllowed, type SandboxClient } from './clients';
import type { GrantStore } from './grants';
import { escapeHtml, page } from './html';
import { parseResourceScope, scopeTokens } from './scopes';

const PLAIN_SCOPES = new Set([
  'openid',
  'fhirUser',
  'profile',
  'launch',
  'launch/patient',
  'offline_access',
  'online_access',
]);

export interface AuthorizeDeps {
  clients: Map<string, SandboxClient>;
  grants: GrantStore;
  redirectOrigins: readonly string[];
  listPatients: () => Promise<{ id: string; name: string; birthDate?: string; mrn?: string }[]>;
  urls: (c: Context) => { origin: string; fhirBase: string; authBase: string };
}

type Checked =
  | { kind: 'page'; message: string }
  | { kind: 'redirect'; redirectUri: string; error: string; description: string; state?: string }
  | { kind: 'ok'; params: Record<string, string>; client: SandboxClient; scope: string; patient?: string };

/** The scopes an app may be granted through authorize (patient/ and user/ resource scopes and the plain ones). */
export function grantableScope(requested: string): string {
  return scopeTokens(requested)
    .filter((t) => PLAIN_SCOPES.has(t) || ['patient', 'user'].includes(parseResourceScope(t)?.context ?? ''))
    .join(' ');
}

function check(params: Record<string, string>, deps: AuthorizeDeps, c: Context): Checked {
  const { origin, fhirBase } = deps.urls(c);
  const client = deps.clients.get(params.client_id ?? '');
  if (!client?.grants.includes('authorization_code')) {
    return { kind: 'page', message: `Unknown client_id "${params.client_id ?? ''}".` };
  }
  const redirectUri = params.redirect_uri ?? '';
  if (!redirectAllowed(redirectUri, origin, deps.redirectOrigins)) {
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
  const scope = grantableScope(params.scope ?? '');
  if (!scope) return fail('invalid_scope', 'None of the requested scopes can be granted');
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
    aud: deps.urls(c).fhirBase,
    nonce: ok.params.nonce,
  });
  return redirectWith(c, ok.params.redirect_uri ?? '', { code, state: ok.params.state });
}

async function pickerPage(c: Context, deps: AuthorizeDeps, params: Record<string, string>): Promise<Response> {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const rows = (await deps.listPatients())
    .map(
      (
        p
      ) => `<tr><td>${escapeHtml(p.name)}</td><td>${escapeHtml(p.birthDate ?? '')}</td><td>${escapeHtml(p.mrn ?? '')}</td>
<td><button name="patient" value="${escapeHtml(p.id)}" data-patient="${escapeHtml(p.id)}">Select</button></td></tr>`
    )
    .join('');
  const body = `<p>Choose the patient to open in <b>${escapeHtml(params.client_id ?? '')}</b>.</p>
<form method="post" action="authorize">${hidden}<table><tr><th>Patient</th><th>Born</th><th>MRN</th><th></th></tr>${rows}</table></form>`;
  return c.html(page('Sandbox EHR — select a patient', body));
}

/**
 * Handles GET (and the picker's POST) of the authorize endpoint.
 * @param c - The Hono context.
 * @param deps - Clients, grants and URLs.
 * @returns A redirect to the app or an HTML page.
 */
export async function authorize(c: Context, deps: AuthorizeDeps): Promise<Response> {
  const params: Record<string, string> =
    c.req.method === 'POST'
      ? Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]))
      : c.req.query();
  const checked = check(params, deps, c);
  if (checked.kind === 'page')
    return c.html(page('Authorization error', `<p class="error">${escapeHtml(checked.message)}</p>`), 400);
  if (checked.kind === 'redirect') {
    return redirectWith(c, checked.redirectUri, {
      error: checked.error,
      error_description: checked.description,
      state: checked.state,
    });
  }
  if (checked.patient) return issueCode(c, deps, checked, checked.patient);
  const wantsPatient = scopeTokens(checked.scope).includes('launch/patient');
  if (!wantsPatient) return issueCode(c, deps, checked);
  const { patient, ...rest } = params;
  if (c.req.method === 'POST' && patient) {
    const known = (await deps.listPatients()).some((p) => p.id === patient);
    if (known) return issueCode(c, deps, checked, patient);
  }
  return pickerPage(c, deps, rest);
}
