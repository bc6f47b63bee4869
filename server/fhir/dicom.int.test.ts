// A PACS on another origin that refuses OncoAgent (401/403) is named as the image server; the message never blames
// the FHIR server's access token (which was not sent there), and the setting involved is named.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieveInstance } from './dicom';
import { createFhirClient } from './fhir-client';

let pacs: Server;
let origin = '';
let seenAuthorization: string | undefined;

beforeAll(async () => {
  pacs = createServer((req, res) => {
    seenAuthorization = req.headers.authorization;
    res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
  });
  await new Promise<void>((resolve) => pacs.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pacs.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => pacs.close(() => resolve())));

describe('retrieveInstance from a PACS on another origin', () => {
  it('says the image server refused, not that the FHIR server rejected the token', async () => {
    const fhir = createFhirClient({ baseUrl: 'http://localhost:1/fhir', token: 'secret-token' });
    const endpoint = {
      resourceType: 'Endpoint' as const,
      status: 'active' as const,
      connectionType: { code: 'dicom-wado-rs' },
      payloadType: [{ text: 'DICOM' }],
      address: `${origin}/dicomweb`,
    };
    const error = await retrieveInstance(
      fhir,
      endpoint,
      { study: '1', series: '2', instance: '3' },
      { pacsOrigins: [origin] }
    ).catch((e: unknown) => e as Error);
    expect(String((error as Error).message)).toMatch(
      new RegExp(`^The image server at ${origin} refused the request \\(status 401\\)`)
    );
    expect(String((error as Error).message)).toContain('ONCOAGENT_PACS_ORIGINS');
    expect(String((error as Error).message)).not.toMatch(/FHIR server rejected the access token/);
    expect(seenAuthorization).toBeUndefined();
  });
});
