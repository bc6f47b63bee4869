// The server's FHIR client never lets the user's token leave the FHIR server's origin: a redirect is not followed
// (to another origin or the same), and an absolute URL elsewhere (e.g. a `next` link in a Bundle) is refused.
import type { Bundle } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedServer, sendJson, startScriptedServer } from '../net/scripted-server';
import { createFhirClient, withRetries } from './fhir-client';

let ehr: ScriptedServer;
let elsewhere: ScriptedServer;

beforeAll(async () => {
  elsewhere = await startScriptedServer((_req, res) => sendJson(res, 200, { resourceType: 'Patient', id: 'p1' }));
  ehr = await startScriptedServer((req, res) => {
    if (req.path === '/fhir/Patient/away')
      return res.writeHead(302, { location: `${elsewhere.url}/fhir/Patient/p1` }).end();
    if (req.path === '/fhir/Patient/moved') return res.writeHead(301, { location: `${ehr.url}/fhir/Patient/p1` }).end();
    if (req.path === '/fhir/Observation') {
      const bundle: Bundle = {
        resourceType: 'Bundle',
        type: 'searchset',
        link: [{ relation: 'next', url: `${elsewhere.url}/fhir/Observation?page=2` }],
      };
      return sendJson(res, 200, bundle);
    }
    return sendJson(res, 200, { resourceType: 'Patient', id: 'p1' });
  });
});
afterAll(async () => {
  await ehr?.close();
  await elsewhere?.close();
});

const fhir = () => createFhirClient({ baseUrl: `${ehr.url}/fhir`, token: 'user-token', retries: 0 });

describe('FHIR client origin policy', () => {
  it('does not follow redirects, to another origin or its own', async () => {
    const client = fhir();
    for (const id of ['away', 'moved']) {
      await expect(
        withRetries(client, (signal) => client.client.read({ resourceType: 'Patient', id, options: { signal } }))
      ).rejects.toMatchObject({ outcome: { issue: [{ details: { text: expect.stringMatching(/redirect/) } }] } });
    }
    expect(elsewhere.requests).toHaveLength(0);
    expect(ehr.requests.filter((r) => r.path === '/fhir/Patient/p1')).toHaveLength(0);
  });

  it('refuses to send a request (and the token) to another origin named in an answer', async () => {
    const client = fhir();
    const bundle = await withRetries(client, (signal) =>
      client.client.search({ resourceType: 'Observation', options: { signal } })
    );
    expect((bundle as unknown as Bundle).link?.[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1/);
    await expect(
      withRetries(client, async (signal) => client.client.nextPage({ bundle: bundle as never, options: { signal } }))
    ).rejects.toMatchObject({ outcome: { issue: [{ code: 'security' }] } });
    expect(elsewhere.requests).toHaveLength(0);
  });
});
