// Fuzzes the OncoAgent HTTP API (/api/*) with malformed bodies, headers, methods and URLs, using patient A's SMART
// token: no 5xx, nothing of patient B, and afterwards the server still answers health checks, FHIR reads and a
// real workup. Written to work before and after the API requires the token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_USER } from '../../server/sandbox/auth/token';
import { CaseCounter } from './support/case-counter';
import { type CrashWatch, watchCrashes } from './support/crash-watch';
import { deepNestText, mutateJson, Rng, randomJson } from './support/fuzz';
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

const SEED = 0xa91_f022;
const counter = new CaseCounter();
const dataDir = mkdtempSync(join(tmpdir(), 'fuzz-api-'));
let target: FuzzTarget;
let crashes: CrashWatch;
/** A finished workup result of patient A, the seed for write-back plan mutations. */
let workupResult: Record<string, unknown> = {};
const started = new Set<string>();

interface ApiCase {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Replace (not add to) the default auth and context headers. */
  bare?: boolean;
}

/** The headers of a well-formed call about patient A. */
const contextHeaders = (): Record<string, string> => ({
  Authorization: `Bearer ${target.tokenA}`,
  'X-FHIR-Base': target.server.fhirBase,
  'X-Patient-Id': PATIENT_A,
});

async function call(c: ApiCase, corpusName: string): Promise<{ status: number; body: string; findings: Finding[] }> {
  const headers: Record<string, string> = {
    ...(c.bare ? {} : contextHeaders()),
    ...(c.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...c.headers,
  };
  const request = `${c.method} ${c.path.slice(0, 300)} headers=${JSON.stringify({ ...headers, Authorization: headers.Authorization ? '(A or odd)' : undefined }).slice(0, 300)}${c.body ? ` body=${c.body.slice(0, 300)}` : ''}`;
  let res: Response;
  try {
    res = await fetch(`${target.server.url}${c.path}`, {
      method: c.method,
      headers,
      body: c.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
  } catch (err) {
    return {
      status: 0,
      body: '',
      findings: [{ corpus: corpusName, problem: `no HTTP response: ${(err as Error).message}`, request }],
    };
  }
  // An event stream of a running workup ends with it; a stream is read to its end like any body.
  const body = await res.text().catch((err: Error) => `(body failed: ${err.message})`);
  counter.add(corpusName);
  counter.status(corpusName, res.status);
  if (process.env.FUZZ_DEBUG)
    process.stdout.write(`${res.status} ${c.method} ${c.path.slice(0, 40)} ${body.slice(0, 160)}\n`);
  if (c.method === 'POST' && c.path.startsWith('/api/workups') && res.status === 202) {
    const id = (JSON.parse(body) as { id?: string }).id;
    if (id) started.add(id);
  }
  return {
    status: res.status,
    body,
    findings: checkResponse({ corpus: corpusName, request, status: res.status, body, asPatientA: !c.bare }),
  };
}

async function waitForWorkup(id: string): Promise<Record<string, unknown>> {
  for (;;) {
    const res = await fetch(`${target.server.url}/api/workups/${id}/events`, { headers: contextHeaders() });
    await res.text();
    const done = await fetch(`${target.server.url}/api/workups/${id}`, { headers: contextHeaders() });
    if (done.status !== 202) return (await done.json()) as Record<string, unknown>;
  }
}

beforeAll(async () => {
  // Offline and with its own data folder: a knowledge search builds a throwaway index, workups call no model.
  process.env.ONCOAGENT_DATA_DIR = dataDir;
  process.env.ONCOAGENT_OFFLINE = '1';
  process.env.ONCOAGENT_LLM = 'none';
  crashes = watchCrashes();
  target = await startFuzzTarget();
  const start = await call(
    {
      method: 'POST',
      path: '/api/workups',
      body: JSON.stringify({ fhirBase: target.server.fhirBase, patientId: PATIENT_A }),
    },
    'api-setup'
  );
  expect(start.status).toBe(202);
  workupResult = await waitForWorkup((JSON.parse(start.body) as { id: string }).id);
});
afterAll(async () => {
  // Started workups end (or are cancelled) before the server closes.
  for (const id of started)
    await fetch(`${target.server.url}/api/workups/${id}`, { method: 'DELETE', headers: contextHeaders() });
  for (const id of started) await waitForWorkup(id).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  counter.print('api');
});

const PATHS = [
  '/api/workups',
  '/api/workups/',
  '/api/workups/does-not-exist',
  '/api/workups/does-not-exist/events',
  '/api/knowledge/search',
  '/api/synoptic/templates',
  '/api/synoptic/extract',
  '/api/synoptic/approve',
  '/api/fhir/QuestionnaireResponse/$extract',
  '/api/fhir/Questionnaire/cap-colorectal-resection/$populate',
  '/api/fhir/Questionnaire/%2E%2E/$populate',
  '/api/imaging/remeasure',
  '/api/writeback/plan',
  '/api/health',
  '/api/config',
  '/api/nope',
  '/api/%zz',
  '/api/workups/%E0%A4%A',
  '/api/workups/..%2F..%2Fsandbox',
  '/api//workups//x',
  `/api/workups/${'a'.repeat(5000)}`,
  '/api/knowledge/search?q=%&k=%zz',
  '/api/knowledge/search?q=&k=-1',
  '/api/knowledge/search?k=1000000',
  '/api/knowledge/search?q=KRAS%20G12C&k=50',
];

function startBody(rng: Rng): string {
  const valid = { fhirBase: target.server.fhirBase, patientId: PATIENT_A, question: 'Next step?' };
  const roll = rng.int(10);
  if (roll === 0) return rng.pick(['', '{', 'null', '[]', '"x"', deepNestText(50_000), '{"fhirBase":']);
  if (roll === 1) return JSON.stringify({ ...valid, patientId: PATIENT_B });
  if (roll === 2)
    return JSON.stringify({
      ...valid,
      fhirBase: rng.pick([
        'http://169.254.169.254/',
        'file:///etc/passwd',
        'http://127.0.0.1:1/fhir',
        'https://evil.example/fhir',
        `${target.server.fhirBase}/../..`,
      ]),
    });
  if (roll === 3) return JSON.stringify({ ...valid, question: 'Q'.repeat(rng.pick([4001, 100_000, 3_000_000])) });
  return JSON.stringify(mutateJson(valid, rng).value);
}

function headersCase(rng: Rng): Record<string, string> {
  if (rng.bool(0.5)) return {};
  switch (rng.int(8)) {
    case 0:
      return {
        Authorization: rng.pick([
          '',
          'Bearer',
          'Bearer ',
          'Basic eDp5',
          `Bearer ${target.tokenA}x`,
          `Bearer ${target.tokenA} extra`,
          `bearer ${'A'.repeat(20_000)}`,
        ]),
      };
    case 1:
      return { 'X-Patient-Id': rng.pick([PATIENT_B, '', '../x', 'a'.repeat(65), ...target.markerIds]) };
    case 2:
      return {
        'X-FHIR-Base': rng.pick([
          '',
          'http://169.254.169.254/',
          'not a url',
          'http://127.0.0.1:1/fhir',
          `${target.server.fhirBase}/`,
        ]),
      };
    case 3:
      return { Origin: rng.pick(['https://evil.example', 'null', target.server.url]) };
    case 4:
      return {
        'Content-Type': rng.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-7',
        ]),
      };
    case 5:
      return { 'X-Forwarded-For': '127.0.0.1', 'X-Forwarded-Host': 'evil.example', Host: 'evil.example' };
    case 6:
      return { 'X-Big': 'b'.repeat(rng.pick([1000, 20_000])) };
    default:
      return {};
  }
}

/** The method a path is meant for (most cases use it, so they get past routing). */
function methodFor(path: string): string {
  if (/^\/api\/(workups\/?$|synoptic\/(extract|approve)|writeback)/.test(path)) return 'POST';
  return path.startsWith('/api/workups/does') ? 'DELETE' : 'GET';
}

function apiCase(rng: Rng): ApiCase {
  const path = rng.pick(PATHS);
  const method = rng.bool(0.7)
    ? methodFor(path)
    : rng.pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD']);
  const headers = headersCase(rng);
  const bare = rng.bool(0.05);
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE' || method === 'OPTIONS')
    return { method, path, headers, bare };
  let body: string;
  if (path.startsWith('/api/workups')) body = startBody(rng);
  else if (path.startsWith('/api/writeback')) {
    const plan = {
      workup: workupResult,
      ...(rng.bool() ? { signAs: SANDBOX_USER, signerName: 'Dr. Test' } : {}),
    };
    body = JSON.stringify(rng.bool(0.1) ? randomJson(rng, 3) : mutateJson(plan, rng).value);
  } else if (path.startsWith('/api/synoptic')) {
    const valid = {
      template: 'cap-colorectal-resection',
      text: 'Adenocarcinoma, pT3 pN1a, 14 lymph nodes examined, margins clear.',
      subject: `Patient/${PATIENT_A}`,
    };
    body = JSON.stringify(rng.bool(0.1) ? randomJson(rng, 3) : mutateJson(valid, rng).value);
  } else body = JSON.stringify(randomJson(rng, 3));
  return { method, path, body, headers, bare };
}

describe('OncoAgent API fuzz (/api/*)', () => {
  it('malformed calls as patient A: no 5xx, nothing of patient B', async () => {
    const rng = new Rng(SEED);
    const findings: Finding[] = [];
    for (let i = 0; i < 1500; i++) findings.push(...(await call(apiCase(rng), 'api')).findings);
    expect(findings, report(findings)).toEqual([]);
  });

  it("A's token cannot start, read or follow a workup of patient B", async () => {
    const start = await call(
      {
        method: 'POST',
        path: '/api/workups',
        body: JSON.stringify({ fhirBase: target.server.fhirBase, patientId: PATIENT_B }),
      },
      'api-cross-patient'
    );
    expect(start.findings, report(start.findings)).toEqual([]);
    // Either refused at the door, or the workup fails reading B's record: never B's data.
    if (start.status === 202) {
      const result = await waitForWorkup((JSON.parse(start.body) as { id: string }).id);
      expect(JSON.stringify(result)).not.toContain(MARKER);
    } else expect(start.status).toBeGreaterThanOrEqual(400);
  });

  // Regression: the stream ends on `done`, which runWorkup emits before its promise settles; the registry now marks the
  // run done when `done` is emitted, so the result is readable as soon as the stream has ended.
  it('the result is readable (200) as soon as the event stream has ended', async () => {
    const start = await call(
      {
        method: 'POST',
        path: '/api/workups',
        body: JSON.stringify({ fhirBase: target.server.fhirBase, patientId: PATIENT_A }),
      },
      'api-result-race'
    );
    const { id } = JSON.parse(start.body) as { id: string };
    await (await fetch(`${target.server.url}/api/workups/${id}/events`, { headers: contextHeaders() })).text();
    const result = await fetch(`${target.server.url}/api/workups/${id}`, { headers: contextHeaders() });
    expect(result.status).toBe(200);
  });

  it('still serves health, a FHIR read and a real workup afterwards; nothing crashed', async () => {
    expect((await fetch(`${target.server.url}/api/health`)).status).toBe(200);
    const read = await fetch(`${target.server.fhirBase}/Patient/${PATIENT_A}`, {
      headers: { Authorization: `Bearer ${target.tokenA}` },
    });
    expect(read.status).toBe(200);
    const start = await call(
      {
        method: 'POST',
        path: '/api/workups',
        body: JSON.stringify({ fhirBase: target.server.fhirBase, patientId: PATIENT_A }),
      },
      'api-after'
    );
    expect(start.status).toBe(202);
    const result = await waitForWorkup((JSON.parse(start.body) as { id: string }).id);
    expect((result.patient as { id?: string } | undefined)?.id).toBe(PATIENT_A);
    expect(JSON.stringify(result)).not.toContain(MARKER);
    expect(crashes.seen(), crashes.describe()).toBe(0);
  });
});
