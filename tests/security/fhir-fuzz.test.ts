// Fuzzes the sandbox FHIR endpoint over HTTP with mutated demo resources, odd Bundles and hostile URLs, as patient A
// (SMART launch token) and as the system: no 5xx, no patient B data for A, and the server still serves afterwards.
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../../server/sandbox/demo';
import { CaseCounter } from './support/case-counter';
import { type CrashWatch, watchCrashes } from './support/crash-watch';
import { deepNestText, HOSTILE_STRINGS, mutateJson, Rng, randomJson } from './support/fuzz';
import {
  checkResponse,
  type Finding,
  type FuzzTarget,
  MARKER,
  PATIENT_A,
  PATIENT_B,
  report,
  startFuzzTarget,
} from './support/target';

const SEED = 0x5eed_f41e;
const counter = new CaseCounter();
let target: FuzzTarget;
let crashes: CrashWatch;
let corpus: Resource[];

const TYPES = ['Patient', 'Observation', 'Condition', 'DiagnosticReport', 'DocumentReference', 'ImagingStudy'];

beforeAll(async () => {
  crashes = watchCrashes();
  target = await startFuzzTarget();
  const { bundles } = demoData({ dicomWebBase: `${target.server.url}/sandbox/dicomweb` });
  corpus = bundles.flatMap((b: Bundle) => (b.entry ?? []).map((e) => e.resource as Resource)).filter(Boolean);
});
afterAll(() => counter.print('fhir'));

interface Case {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
}

async function send(c: Case, token: string, corpusName: string): Promise<Finding[]> {
  const request = `${c.method} /${c.path}${c.body ? ` body=${c.body.slice(0, 400)}` : ''} (${token === target.tokenA ? 'patient A token' : 'system token'})`;
  let res: Response;
  try {
    res = await fetch(`${target.server.fhirBase}/${c.path}`, {
      method: c.method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': c.contentType ?? 'application/fhir+json',
      },
      body: c.body,
    });
  } catch (err) {
    return [{ corpus: corpusName, problem: `no HTTP response: ${(err as Error).message}`, request }];
  }
  const body = await res.text();
  counter.add(corpusName);
  counter.status(corpusName, res.status);
  return checkResponse({ corpus: corpusName, request, status: res.status, body, asPatientA: token === target.tokenA });
}

/** A mutated demo resource (or, sometimes, one pointed at patient B, or carrying A's id with a hostile body). */
function mutatedResource(rng: Rng): Record<string, unknown> {
  const base = rng.pick(corpus);
  const { value } = mutateJson(base, rng);
  const resource = (value && typeof value === 'object' ? value : { resourceType: 'Observation' }) as Record<
    string,
    unknown
  >;
  if (rng.bool(0.5)) resource.subject = { reference: `Patient/${rng.bool(0.8) ? PATIENT_A : PATIENT_B}` };
  return resource;
}

function idOf(rng: Rng): string {
  return rng.pick([
    PATIENT_A,
    PATIENT_B,
    ...target.markerIds,
    'does-not-exist',
    '%zz',
    '%2e%2e',
    '..%2F..%2Fmetadata',
    'a'.repeat(65),
    '\u00e9',
    `00000000-0000-4000-8000-${String(rng.int(1e12)).padStart(12, '0')}`,
  ]);
}

function writeCase(rng: Rng): Case {
  const resource = mutatedResource(rng);
  const type =
    typeof resource.resourceType === 'string' && resource.resourceType ? resource.resourceType : 'Observation';
  const body = rng.bool(0.05) ? JSON.stringify(resource).slice(0, rng.int(200)) : JSON.stringify(resource);
  switch (rng.int(4)) {
    case 0:
      return { method: 'POST', path: encodeURI(type), body };
    case 1:
      return { method: 'PUT', path: `${encodeURI(type)}/${String(resource.id ?? idOf(rng))}`, body };
    case 2:
      return { method: 'PATCH', path: `${rng.pick(TYPES)}/${idOf(rng)}`, body: JSON.stringify(randomJson(rng)) };
    default:
      return {
        method: 'POST',
        path: rng.pick(TYPES),
        body: rng.pick(['', '{', 'null', '[]', '"x"', deepNestText(20_000), 'x=1&y=%zz']),
        contentType: rng.pick(['application/fhir+json', 'application/x-www-form-urlencoded', 'text/plain']),
      };
  }
}

function bundleCase(rng: Rng): Case {
  const entries = Array.from({ length: 1 + rng.int(5) }, () => {
    const resource = mutatedResource(rng);
    const method = rng.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', '', 'get', 7]);
    const url = rng.pick([
      String(resource.resourceType),
      `${String(resource.resourceType)}/${String(resource.id ?? '')}`,
      `Patient/${PATIENT_B}`,
      `Observation?subject=Patient/${PATIENT_B}`,
      `Observation/${rng.pick(target.markerIds)}`,
      `Patient/${PATIENT_B}/$everything`,
      '',
      '/',
      '?',
      'metadata',
      rng.pick(HOSTILE_STRINGS).slice(0, 300),
    ]);
    return rng.bool(0.1)
      ? randomJson(rng)
      : { resource: rng.bool(0.9) ? resource : undefined, request: { method, url } };
  });
  const type = rng.pick(['batch', 'transaction', 'transaction', 'batch', 'collection', 'searchset', '', undefined]);
  const bundle = rng.bool(0.05) ? randomJson(rng) : { resourceType: 'Bundle', type, entry: entries };
  return { method: 'POST', path: '', body: JSON.stringify(bundle) };
}

function searchCase(rng: Rng): Case {
  const type = rng.pick([...TYPES, 'NotAType', '', 'metadata', '_history']);
  const params = new URLSearchParams();
  for (let i = 0; i < 1 + rng.int(4); i++) {
    const name = rng.pick([
      'patient',
      'subject',
      '_id',
      'code:text',
      '_content',
      '_include',
      '_revinclude',
      '_has:Observation:subject:code',
      'subject:Patient.name',
      '_count',
      '_sort',
      '_elements',
      '_summary',
      'identifier',
      'name',
      rng.pick(HOSTILE_STRINGS).slice(0, 40),
    ]);
    const value = rng.pick([
      `Patient/${PATIENT_B}`,
      PATIENT_B,
      rng.pick(target.markerIds),
      MARKER.slice(0, 12),
      '*',
      'Observation:subject',
      'Observation:patient:Patient',
      '-1',
      '1000000',
      rng.pick(HOSTILE_STRINGS).slice(0, 200),
    ]);
    params.append(name, value);
  }
  let query = params.toString();
  if (rng.bool(0.2)) query += rng.pick(['&%zz=1', '&a=%E0%A4%A', '&%=%', '&_count=%00']);
  const path = rng.bool(0.3)
    ? `${type}/${idOf(rng)}${rng.pick(['', '/_history', '/_history/1', '/_history/%zz'])}`
    : type;
  return { method: rng.pick(['GET', 'GET', 'GET', 'DELETE', 'POST']), path: `${path}${query ? `?${query}` : ''}` };
}

async function fuzz(corpusName: string, n: number, make: (rng: Rng) => Case, token: () => string, seed: number) {
  const rng = new Rng(seed);
  const findings: Finding[] = [];
  for (let i = 0; i < n; i++) findings.push(...(await send(make(rng), token(), corpusName)));
  return findings;
}

describe('FHIR endpoint fuzz (sandbox, over HTTP)', () => {
  it("writes with patient A's token: no 5xx, nothing of patient B", async () => {
    const findings = await fuzz('fhir-write-patient', 700, writeCase, () => target.tokenA, SEED);
    expect(findings, report(findings)).toEqual([]);
  });

  it('writes with a system token: no 5xx', async () => {
    const findings = await fuzz('fhir-write-system', 500, writeCase, () => target.system, SEED + 1);
    expect(findings, report(findings)).toEqual([]);
  });

  it('batch and transaction Bundles with odd entries, both tokens', async () => {
    let n = 0;
    const findings = await fuzz(
      'fhir-bundle',
      500,
      bundleCase,
      () => (n++ % 2 ? target.system : target.tokenA),
      SEED + 2
    );
    expect(findings, report(findings)).toEqual([]);
  });

  it("searches, reads and deletes with hostile parameters and ids as patient A: never B's data", async () => {
    const findings = await fuzz('fhir-search-patient', 700, searchCase, () => target.tokenA, SEED + 3);
    expect(findings, report(findings)).toEqual([]);
  });

  it('still serves a normal read, and nothing crashed', async () => {
    const res = await fetch(`${target.server.fhirBase}/Patient/${PATIENT_A}`, {
      headers: { Authorization: `Bearer ${target.tokenA}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Resource).id).toBe(PATIENT_A);
    // The leak check can fire: the marker is there for a caller allowed to see patient B.
    const marked = await fetch(`${target.server.fhirBase}/Observation/${target.markerIds[0]}`, {
      headers: { Authorization: `Bearer ${target.system}` },
    });
    expect(await marked.text()).toContain(MARKER);
    const health = await fetch(`${target.server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(crashes.seen(), crashes.describe()).toEqual(0);
  });
});
