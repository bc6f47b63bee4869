// Shared by the sandbox FHIR integration tests: raw FHIR calls over HTTP, tokens, and fixture loading.
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { authorizeAndExchange, backendToken, ehrLaunch } from '../../../tests/support/smart-flow';
import type { TestServer } from '../../../tests/support/test-server';
import { nameUuid } from '../../fhir/uuid';
import { loadBundle } from '../seed';

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever FHIR JSON the server answers
export type Json = any;

/** A stable UUID for a fixture name (Medplum emulation refuses other ids). */
export const uuid = (name: string): string => nameUuid(`sandbox-fhir-test/${name}`);

/**
 * One FHIR request over HTTP.
 * @param server - The running server.
 * @param path - Path below the FHIR base (query included).
 * @param token - Bearer token, if any.
 * @param init - Method, body, headers.
 * @returns Status, parsed body and the raw text.
 */
export async function fhir(
  server: TestServer,
  path: string,
  token?: string,
  init: RequestInit = {}
): Promise<{ status: number; body: Json; text: string }> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/fhir+json',
    ...(init.headers as Record<string, string>),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${server.fhirBase}/${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

/** POSTs a JSON body. */
export const post = (server: TestServer, path: string, token: string, body: unknown, headers = {}) =>
  fhir(server, path, token, { method: 'POST', body: JSON.stringify(body), headers });

/** A token from an EHR launch for `patient` with the given scopes. */
export async function patientToken(server: TestServer, patient: string, scope: string): Promise<string> {
  const { launch } = await ehrLaunch(server.url, patient);
  const { body } = await authorizeAndExchange({ server: server.url, fhirBase: server.fhirBase, scope, launch });
  if (!body.access_token) throw new Error(`no token for ${scope}: ${body.error_description ?? body.error}`);
  return body.access_token;
}

/** A backend-services token (client credentials) with the given system/ scopes. */
export async function systemToken(server: TestServer, scope = 'system/*.*'): Promise<string> {
  const { body } = await backendToken(server.url, 'test-secret', scope);
  if (!body.access_token) throw new Error(`no token for ${scope}`);
  return body.access_token;
}

/**
 * An access token signed by the sandbox, for scopes no registered client may be granted (e.g. delete, or writing
 * Binary): the FHIR endpoint checks only the signature, audience, expiry and scopes.
 * @param server - The running server.
 * @param scope - The scopes.
 * @param patient - The launch patient, if any.
 * @returns The token.
 */
export function mintToken(server: TestServer, scope: string, patient?: string): string {
  const exp = Math.floor(Date.now() / 1000) + 600;
  return server.sandbox.signer.sign({ aud: server.fhirBase, scope, exp, ...(patient ? { patient } : {}) });
}

/** Loads resources with PUT entries, as seeding does (full access, whatever the emulation). */
export async function seed(server: TestServer, resources: Resource[]): Promise<void> {
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: resources.map((resource) => ({
      resource,
      request: { method: 'PUT', url: `${resource.resourceType}/${resource.id}` },
    })),
  };
  await loadBundle(server.sandbox.service, bundle, server.fhirBase, 'test fixture');
}

/** A Bundle of the given type. */
export const bundleOf = (type: 'batch' | 'transaction', entry: BundleEntry[]): Bundle => ({
  resourceType: 'Bundle',
  type,
  entry,
});

/** The statuses of a batch/transaction-response, in entry order. */
export const statuses = (response: Json): string[] =>
  (response.entry ?? []).map((e: BundleEntry) => e.response?.status ?? '');
