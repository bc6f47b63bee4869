// A FHIR server on 127.0.0.1 that answers every request with 404 at once: tools given hostile references fail fast
// instead of retrying against a dead port.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * Starts the server for one test file (closed after the file).
 * @returns Its FHIR base URL and how many requests it has seen.
 */
export async function startFakeFhir(): Promise<{ baseUrl: string; requests: () => number }> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    req.resume();
    res.writeHead(404, { 'Content-Type': 'application/fhir+json' });
    res.end(
      JSON.stringify({
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
      })
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/fhir`, requests: () => count };
}
