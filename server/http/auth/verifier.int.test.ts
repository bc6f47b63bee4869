// The token check against a real (fake) EHR on loopback: JWTs verified with the published keys (key rotation
// included), opaque tokens and EHRs without keys checked by the patient read, verdicts cached, and one answer for
// every FHIR server that is not allowed, not listening, too slow or redirecting.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OperationOutcomeError } from '@medplum/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outcomeStatus } from '../../agent/outcome';
import { closedPort, sendJson, startScriptedServer } from '../../net/scripted-server';
import { FhirOrigins, UNUSABLE_FHIR_TEXT } from './origins';
import { type FakeEhr, makeKey, startFakeEhr } from './testing/fake-ehr';
import { TokenVerifier } from './verifier';

let ehr: FakeEhr;
let verifier: TokenVerifier;

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof OperationOutcomeError) {
      return { status: outcomeStatus(err.outcome), text: err.outcome.issue?.[0]?.details?.text };
    }
    throw err;
  }
  return { status: 200, text: '' };
};

beforeAll(async () => {
  ehr = await startFakeEhr('ES256');
});
afterAll(async () => {
  await ehr?.close();
});
beforeEach(() => {
  ehr.server.requests.length = 0;
  ehr.offerJwks = true;
  verifier = new TokenVerifier({ origins: new FhirOrigins([ehr.server.url]), clientIds: ['oncoagent'] });
});

describe('TokenVerifier with an EHR that publishes its keys', () => {
  it('verifies a JWT, reads the patient once, and keys the owner on the user rather than the token', async () => {
    const first = await verifier.verify(ehr.jwt('p1'), ehr.fhirBase, 'p1');
    expect(first).toMatchObject({ fhirBase: ehr.fhirBase, patientId: 'p1', subject: 'Practitioner/dr-a' });
    expect(ehr.count('patient')).toBe(1);
    // A refreshed token of the same user owns the same workups; another user does not.
    const refreshed = await verifier.verify(ehr.jwt('p1', { jti: 'refreshed' }), ehr.fhirBase, 'p1');
    expect(refreshed.owner).toBe(first.owner);
    const colleague = await verifier.verify(ehr.jwt('p1', { sub: 'Practitioner/dr-b' }), ehr.fhirBase, 'p1');
    expect(colleague.owner).not.toBe(first.owner);
  });

  it('caches the verdict: the same token for the same patient costs no second request', async () => {
    const token = ehr.jwt('p1');
    await verifier.verify(token, ehr.fhirBase, 'p1');
    const before = ehr.server.requests.length;
    await Promise.all([verifier.verify(token, `${ehr.fhirBase}/`, 'p1'), verifier.verify(token, ehr.fhirBase, 'p1')]);
    expect(ehr.server.requests.length).toBe(before);
  });

  it('refuses expired, wrong-audience and forged tokens with 401 before reading the patient', async () => {
    const expired = ehr.jwt('p1', { exp: Math.floor(Date.now() / 1000) - 5 });
    const otherAud = ehr.jwt('p1', { aud: 'https://other.example/fhir' });
    const forged = `${ehr.jwt('p1').slice(0, -8)}AAAAAAAA`;
    for (const token of [expired, otherAud, forged]) {
      expect((await refusal(verifier.verify(token, ehr.fhirBase, 'p1'))).status).toBe(401);
    }
    expect(ehr.count('patient')).toBe(0);
    expect((await refusal(verifier.verify(ehr.jwt('p1', { aud: 'oncoagent' }), ehr.fhirBase, 'p1'))).status).toBe(200);
  });

  it("refuses a valid token for another patient with 403 (the EHR's answer)", async () => {
    const result = await refusal(verifier.verify(ehr.jwt('p1'), ehr.fhirBase, 'p2'));
    expect(result).toEqual({ status: 403, text: 'The access token does not give access to this patient' });
  });

  it('picks up a rotated key by refetching the key set once', async () => {
    const rotating = new TokenVerifier({ origins: new FhirOrigins([ehr.server.url]), minRefreshMs: 0 });
    const original = ehr.keys;
    try {
      await rotating.verify(ehr.jwt('p1'), ehr.fhirBase, 'p1');
      const jwksBefore = ehr.count('jwks');
      const rotated = makeKey('RS384');
      ehr.keys = [rotated];
      expect((await refusal(rotating.verify(ehr.jwt('p1', {}, rotated), ehr.fhirBase, 'p1'))).status).toBe(200);
      expect(ehr.count('jwks')).toBe(jwksBefore + 1);
      // A key the EHR does not publish stays refused after the refetch.
      expect((await refusal(rotating.verify(ehr.jwt('p1', {}, makeKey('RS256')), ehr.fhirBase, 'p1'))).status).toBe(
        401
      );
    } finally {
      ehr.keys = original;
    }
  });
});

describe('TokenVerifier with opaque tokens or no published keys', () => {
  it('accepts an opaque token the EHR accepts for the patient, and refuses one it rejects', async () => {
    ehr.tokens.set('opaque-abc', 'p1');
    const caller = await verifier.verify('opaque-abc', ehr.fhirBase, 'p1');
    expect(caller.subject).toBeUndefined();
    expect(ehr.count('patient')).toBe(1);
    expect((await refusal(verifier.verify('opaque-nope', ehr.fhirBase, 'p1'))).status).toBe(401);
    expect((await refusal(verifier.verify('opaque-abc', ehr.fhirBase, 'p2'))).status).toBe(403);
    ehr.tokens.set('opaque-def', 'p1');
    const other = await verifier.verify('opaque-def', ehr.fhirBase, 'p1');
    expect(other.owner).not.toBe(caller.owner);
  });

  it('checks a JWT by the patient read alone when the EHR offers no key set', async () => {
    ehr.offerJwks = false;
    const token = ehr.jwt('p1', {}, makeKey('RS256'));
    const caller = await verifier.verify(token, ehr.fhirBase, 'p1');
    expect(caller.subject).toBeUndefined();
    expect(ehr.count('jwks')).toBe(0);
    expect(ehr.count('patient')).toBe(1);
  });
});

describe('TokenVerifier and FHIR servers it must not or cannot use', () => {
  let hanging: Server;
  let hangingUrl: string;
  beforeAll(async () => {
    hanging = createServer(() => {});
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise<void>((r) => hanging.close(() => r()));
  });
  afterEach(() => {
    ehr.server.requests.length = 0;
  });

  it('answers not allowed, connection refused, timeout and redirect with the same 400 and text', async () => {
    const refused = `http://127.0.0.1:${await closedPort()}`;
    const elsewhere = await startScriptedServer((_req, res) =>
      sendJson(res, 200, { resourceType: 'Patient', id: 'p1' })
    );
    const redirecting = await startScriptedServer((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/fhir/Patient/p1` }).end();
    });
    const strict = new TokenVerifier({
      origins: new FhirOrigins([refused, hangingUrl, redirecting.url, elsewhere.url]),
      timeoutMs: 300,
    });
    try {
      const answers = await Promise.all([
        refusal(strict.verify('t', `${ehr.fhirBase}`, 'p1')),
        refusal(strict.verify('t', `${refused}/fhir`, 'p1')),
        refusal(strict.verify('t', `${hangingUrl}/fhir`, 'p1')),
        refusal(strict.verify('t', `${redirecting.url}/fhir`, 'p1')),
      ]);
      expect(answers).toEqual(answers.map(() => ({ status: 400, text: UNUSABLE_FHIR_TEXT })));
      expect(ehr.server.requests).toHaveLength(0);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
      await redirecting.close();
    }
  });
});
