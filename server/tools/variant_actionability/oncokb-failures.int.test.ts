// OncoKB failures: auth vs service-down are told apart, transient errors are retried, and the offline answer is used instead.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedServer, sendJson, startScriptedServer } from '../../net/scripted-server';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { type ActionabilityOutput, variantActionabilityTool } from '.';
import { BRAF_V600E_CRC } from './testdata/oncokb-responses';

const TOKEN = 'secret-token-a1b2c3';
const BRAF_CRC = { gene: 'BRAF', alteration: 'V600E', tumorType: 'colorectal cancer' };

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer((_req, res) => sendJson(res, 200, BRAF_V600E_CRC));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

async function ask(baseUrl = `${server.url}/api/v1`, timeoutMs = 5000) {
  const config = readToolConfig({
    ONCOKB_TOKEN: TOKEN,
    ONCOKB_BASE_URL: baseUrl,
    ONCOAGENT_TOOL_TIMEOUT_MS: String(timeoutMs),
  });
  const result = await runTool(variantActionabilityTool, BRAF_CRC, { config });
  return { ...result, out: result.output as ActionabilityOutput };
}

/** The offline answer must be complete and the warning must say both what failed and what was used instead. */
function expectOfflineFallback(result: Awaited<ReturnType<typeof ask>>, reason: RegExp) {
  expect(result.status).toBe('ok');
  expect(result.message).toMatch(reason);
  expect(result.out.source).toBe('offline');
  expect(result.out.fallbackReason).toMatch(reason);
  expect(result.out.therapies[0]).toMatchObject({ level: '1', source: 'FDA label (2026)' });
  expect(result.warnings?.join(' ')).toMatch(/answered from the bundled offline knowledge/);
  expect(JSON.stringify(result)).not.toContain(TOKEN);
}

describe('variant_actionability when OncoKB fails', () => {
  it('401: says the token was rejected, does not retry, falls back offline', async () => {
    server.setScript((_req, res) => sendJson(res, 401, { title: 'Unauthorized', detail: `bad token ${TOKEN}` }));
    const result = await ask();
    expectOfflineFallback(result, /^OncoKB rejected the token \(auth failed, HTTP 401\)/);
    expect(server.requests).toHaveLength(1);
  });

  it('403 is an auth failure too', async () => {
    server.setScript((_req, res) => sendJson(res, 403, { title: 'Forbidden' }));
    expectOfflineFallback(await ask(), /auth failed, HTTP 403/);
  });

  it('503 then 200: retries and answers from OncoKB', async () => {
    server.setScript((_req, res) =>
      server.requests.length === 1
        ? sendJson(res, 503, { title: 'Service Unavailable' })
        : sendJson(res, 200, BRAF_V600E_CRC)
    );
    const result = await ask();
    expect(server.requests).toHaveLength(2);
    expect(result.out.source).toBe('oncokb');
    expect(result.warnings).toBeUndefined();
    // Backoff: the retry does not hammer the server.
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThan(100);
  });

  it('503 every time: three attempts, then "service down" and the offline answer', async () => {
    server.setScript((_req, res) => sendJson(res, 503, { title: 'Service Unavailable' }));
    const result = await ask();
    expect(server.requests).toHaveLength(3);
    expectOfflineFallback(result, /^OncoKB unreachable \(service down\): HTTP 503 after 3 attempts/);
  });

  it('429 is retried like 5xx', async () => {
    server.setScript((_req, res) =>
      server.requests.length === 1 ? sendJson(res, 429, {}, { 'retry-after': '0' }) : sendJson(res, 200, BRAF_V600E_CRC)
    );
    expect((await ask()).out.source).toBe('oncokb');
    expect(server.requests).toHaveLength(2);
  });

  it('connection refused: "service down"', async () => {
    const gone = await startScriptedServer(() => undefined);
    const url = gone.url;
    await gone.close();
    expectOfflineFallback(
      await ask(`${url}/api/v1`),
      /^OncoKB unreachable \(service down\): .*(ECONNREFUSED|cannot reach)/
    );
  });

  it('no answer in time: "service down" well before the tool deadline', async () => {
    server.setScript(() => undefined); // never answers
    const result = await ask(undefined, 1000);
    // Status 'ok' with the offline answer means the client gave up within its own budget: had the 1 s tool deadline
    // struck first, runTool would have returned an error ("did not finish within 1000 ms").
    expectOfflineFallback(result, /^OncoKB unreachable \(service down\)/);
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('an unreadable body is reported and answered offline', async () => {
    server.setScript((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    });
    expectOfflineFallback(await ask(), /unreadable answer/);
  });
});
