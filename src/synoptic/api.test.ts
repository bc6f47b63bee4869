// The synoptic client's calls (through callJson) carry the session's token, FHIR base and patient, and turn a
// refusal into an ApiError with the server's words.
import { describe, expect, it } from 'vitest';
import type { WorkupApi } from '../workup/api';
import { ApiError } from '../writeback/api';
import { approveForm, extractForm, fetchTemplates } from './api';

function recordingApi(status = 200, body: unknown = { templates: [] }) {
  const seen: { url: string; method: string; headers: Headers }[] = [];
  const api: WorkupApi = {
    baseUrl: 'http://oncoagent.test',
    fetch: async (input, init) => {
      seen.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
    credentials: async () => ({ authorization: 'Bearer tok', fhirBase: 'https://ehr.example/fhir', patientId: 'p9' }),
  };
  return { api, seen };
}

describe('synoptic API client', () => {
  it('sends the credentials on GET and POST calls', async () => {
    const { api, seen } = recordingApi();
    await fetchTemplates(api);
    await extractForm(api, { template: 'cd99-pattern', text: 'CD99 strong', subject: 'Patient/p9' });
    await approveForm(api, {
      template: 'cd99-pattern',
      text: 'CD99 strong',
      response: { resourceType: 'QuestionnaireResponse', status: 'in-progress' },
      edits: {},
    });
    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'GET /api/synoptic/templates',
      'POST /api/synoptic/extract',
      'POST /api/synoptic/approve',
    ]);
    for (const { headers } of seen) {
      expect(headers.get('authorization')).toBe('Bearer tok');
      expect(headers.get('x-fhir-base')).toBe('https://ehr.example/fhir');
      expect(headers.get('x-patient-id')).toBe('p9');
    }
    expect(seen.slice(1).every((s) => s.headers.get('content-type') === 'application/json')).toBe(true);
  });

  it("reports a refusal with the server's outcome", async () => {
    const outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'login', details: { text: 'Relaunch' } }],
    };
    const { api } = recordingApi(401, outcome);
    const refused = extractForm(api, { template: 'cd99-pattern', text: 'x' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toThrow(/status 401.*Relaunch/);
  });
});
