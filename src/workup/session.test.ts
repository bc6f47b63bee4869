// The credentials the app's API calls carry come from the SMART client: refreshed first, the FHIR base without a
// trailing slash, none without a token or patient; the page's bound session serves calls that name no client.
import type Client from 'fhirclient/lib/Client';
import { describe, expect, it } from 'vitest';
import { apiHeaders, browserApi } from './api';
import { bindApiSession, clientCredentials } from './session';

function fakeClient(token: string | null, patient: string | null = 'p1') {
  const calls: string[] = [];
  const client = {
    refreshIfNeeded: async () => {
      calls.push('refresh');
      if (token === 'stale') throw new Error('refresh failed');
    },
    getAuthorizationHeader: () => (token ? `Bearer ${token}` : null),
    patient: { id: patient ?? undefined },
    state: { serverUrl: 'https://ehr.example/fhir/R4/' },
  } as unknown as Client;
  return { client, calls };
}

describe('clientCredentials', () => {
  it('refreshes first, then gives the token, the FHIR base and the patient', async () => {
    const { client, calls } = fakeClient('abc');
    expect(await clientCredentials(client)()).toEqual({
      authorization: 'Bearer abc',
      fhirBase: 'https://ehr.example/fhir/R4',
      patientId: 'p1',
    });
    expect(calls).toEqual(['refresh']);
  });

  it('gives none without a token or a patient, and still answers when the refresh fails', async () => {
    expect(await clientCredentials(fakeClient(null).client)()).toBeNull();
    expect(await clientCredentials(fakeClient('abc', null).client)()).toBeNull();
    expect((await clientCredentials(fakeClient('stale').client)())?.authorization).toBe('Bearer stale');
  });

  it('puts them in the headers of calls through the bound session', async () => {
    expect(await apiHeaders(browserApi())).toEqual({});
    bindApiSession(fakeClient('xyz').client);
    expect(await apiHeaders(browserApi())).toEqual({
      authorization: 'Bearer xyz',
      'x-fhir-base': 'https://ehr.example/fhir/R4',
      'x-patient-id': 'p1',
    });
  });
});
