// The fuzz target: a real server with the demo sandbox, tokens for two patients and the system, a marker planted in
// patient B's record, and the checks every response must pass (no 5xx, no marker for A, no server paths).
import { afterAll } from 'vitest';
import { demoId } from '../../../server/sandbox/demo/portable';
import { authorizeAndExchange, backendToken, ehrLaunch } from '../../support/smart-flow';
import { startTestServer, type TestServer } from '../../support/test-server';

/** Patient A: every patient-scoped fuzz request uses A's token. */
export const PATIENT_A = demoId('demo-crc-met');
/** Patient B: its record carries the marker that must never reach A. */
export const PATIENT_B = demoId('demo-hcc');
/** A string that exists only in patient B's record. */
export const MARKER = 'ZX-LEAK-MARKER-7f3a9c-PATIENT-B';
/** The scopes the app asks for on an EHR launch (reads plus the write-back creates). */
export const PATIENT_SCOPE =
  'launch openid fhirUser patient/*.rs patient/Observation.c patient/DiagnosticReport.c patient/QuestionnaireResponse.c';

/** What the brief calls a server path; the repository root in any form. */
export const SERVER_PATH = /\/(work|home|usr|tmp|root)\//;

export interface FuzzTarget {
  server: TestServer;
  /** A's SMART token (EHR launch, authorization code + PKCE). */
  tokenA: string;
  /** A backend token with system/*.* scopes. */
  system: string;
  /** Ids of the resources holding the marker. */
  markerIds: string[];
}

/**
 * A SMART token for a patient by EHR launch (approving the consent screen if the sandbox shows one).
 * @param server - The test server.
 * @param patient - The patient id.
 * @param scope - The scopes to ask for.
 * @returns The access token.
 */
export async function patientToken(server: TestServer, patient: string, scope = PATIENT_SCOPE): Promise<string> {
  const { launch } = await ehrLaunch(server.url, patient);
  const { status, body } = await authorizeAndExchange({
    server: server.url,
    fhirBase: server.fhirBase,
    scope,
    launch,
    consent: 'approve',
  });
  if (status !== 200 || !body.access_token) throw new Error(`no token for the fuzz patient: ${status}`);
  return body.access_token;
}

/** Fixed ids, so a failing case reproduces with the same ids on every run. */
const MARKER_IDS = ['6d1f0c0e-0b7a-4c9e-9d1a-000000000b01', '6d1f0c0e-0b7a-4c9e-9d1a-000000000b02'];

async function plant(server: TestServer, system: string): Promise<string[]> {
  const put = async (resource: Record<string, unknown> & { resourceType: string; id: string }): Promise<string> => {
    const res = await fetch(`${server.fhirBase}/${resource.resourceType}/${resource.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${system}`, 'Content-Type': 'application/fhir+json' },
      body: JSON.stringify(resource),
    });
    if (res.status >= 300) throw new Error(`planting the marker failed: ${res.status} ${await res.text()}`);
    return resource.id;
  };
  const subject = { reference: `Patient/${PATIENT_B}` };
  return [
    await put({
      resourceType: 'Observation',
      id: MARKER_IDS[0]!,
      status: 'final',
      code: { text: `Marker ${MARKER}` },
      subject,
      valueString: MARKER,
      note: [{ text: MARKER }],
    }),
    await put({
      resourceType: 'Condition',
      id: MARKER_IDS[1]!,
      subject,
      code: { text: MARKER },
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
      },
    }),
  ];
}

/**
 * Starts the target for one test file and closes it after the file.
 * @returns The target.
 */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const server = await startTestServer();
  afterAll(() => server.close());
  const system = (await backendToken(server.url, 'test-secret')).body.access_token ?? '';
  if (!system) throw new Error('no system token');
  const markerIds = await plant(server, system);
  const tokenA = await patientToken(server, PATIENT_A);
  return { server, tokenA, system, markerIds };
}

/** One failed expectation of a fuzz case, with what is needed to reproduce it. */
export interface Finding {
  corpus: string;
  problem: string;
  request: string;
}

/**
 * Checks one response: below 500, and for A's token neither the marker nor a server path in the body.
 * @param f - The case's corpus, request summary, status, body text and whether A's token was used.
 * @returns The problems found (empty when the case passed).
 */
export function checkResponse(f: {
  corpus: string;
  request: string;
  status: number;
  body: string;
  asPatientA: boolean;
}): Finding[] {
  const out: Finding[] = [];
  if (f.status >= 500)
    out.push({ corpus: f.corpus, problem: `HTTP ${f.status}: ${f.body.slice(0, 300)}`, request: f.request });
  if (f.asPatientA && f.body.includes(MARKER))
    out.push({ corpus: f.corpus, problem: "patient B's marker in a response to A's token", request: f.request });
  if (SERVER_PATH.test(f.body) && !f.request.match(SERVER_PATH))
    out.push({
      corpus: f.corpus,
      problem: `server path in the response: ${f.body.match(/.{0,60}\/(work|home|usr|tmp|root)\/.{0,60}/)?.[0]}`,
      request: f.request,
    });
  return out;
}

/** Fails with the first findings, each with its reproducer. */
export function report(findings: Finding[]): string {
  return findings
    .slice(0, 8)
    .map((f) => `[${f.corpus}] ${f.problem}\n    reproduce: ${f.request.slice(0, 600)}`)
    .join('\n');
}
