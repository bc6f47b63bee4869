// Demo-user sign-in and consent, which the sandbox requires when it is reachable beyond loopback (here switched on
// explicitly with the `login` option on a loopback test server).

import type { Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAndExchange, authorizeCode, ehrLaunch, formFields, signIn } from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { demoData } from '../demo';
import { demoId } from '../demo/portable';
import { patientName } from '../ehr-page';
import { escapeHtml } from './html';

const USER = 'demo';
const PASSWORD = 'correct horse battery';
let server: TestServer;
let cookie: string;
const patient = demoId('demo-crc-met');

function nameOf(id: string): string {
  const all = demoData({ dicomWebBase: 'http://x' }).bundles.flatMap((b) => b.entry ?? []);
  const found = all.find((e) => e.resource?.resourceType === 'Patient' && e.resource.id === id);
  return patientName(found?.resource as Patient);
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers });

beforeAll(async () => {
  server = await startTestServer({ login: { user: USER, password: PASSWORD } });
  cookie = (await signIn(server.url, USER, PASSWORD)) ?? '';
});
afterAll(() => server.close());

describe('sign-in', () => {
  it('hides the EHR page, the EHR launch and authorize behind the login', async () => {
    const home = await get('/sandbox');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/sandbox/login?next=%2Fsandbox');
    expect(await home.text()).not.toContain('MRN');
    const launch = await get(`/sandbox/launch?patient=${patient}`);
    expect(launch.status).toBe(302);
    expect(launch.headers.get('location')).toMatch(/^\/sandbox\/login\?next=/);
    const { status, location } = await authorizeCode({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch/patient patient/*.rs',
    });
    expect(status).toBe(302);
    expect(location?.pathname).toBe('/sandbox/login');
    expect(location?.searchParams.get('next')).toMatch(/^\/sandbox\/auth\/authorize\?/);
  });

  it('refuses a wrong password and sets a hardened session cookie for the right one', async () => {
    expect(await signIn(server.url, USER, 'wrong')).toBeUndefined();
    expect(await signIn(server.url, 'nobody', PASSWORD)).toBeUndefined();
    const res = await fetch(`${server.url}/sandbox/login`, {
      method: 'POST',
      body: new URLSearchParams({ user: USER, password: PASSWORD, next: '/sandbox' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/sandbox/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const home = await get('/sandbox', { Cookie: cookie });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('MRN');
  });

  it('only sends the user back into the sandbox after login', async () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/index.html']) {
      const res = await fetch(`${server.url}/sandbox/login`, {
        method: 'POST',
        body: new URLSearchParams({ user: USER, password: PASSWORD, next }),
        redirect: 'manual',
      });
      expect(res.headers.get('location')).toBe('/sandbox');
    }
  });

  it('signs out', async () => {
    const session = (await signIn(server.url, USER, PASSWORD)) ?? '';
    const out = await fetch(`${server.url}/sandbox/logout`, {
      method: 'POST',
      headers: { Cookie: session },
      redirect: 'manual',
    });
    expect(out.status).toBe(303);
    expect((await get('/sandbox', { Cookie: session })).status).toBe(302);
  });
});

describe('consent', () => {
  it('shows client, scopes and patient, and issues a code only after approval', async () => {
    const { launch } = await ehrLaunch(server.url, patient, cookie);
    const scope = 'launch openid fhirUser patient/*.rs';
    const shown = await authorizeCode({ server: server.url, fhirBase: server.fhirBase, scope, launch, cookie });
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('oncoagent');
    expect(shown.html).toContain('patient/*.rs');
    expect(shown.html).toContain(escapeHtml(nameOf(patient)));
    expect(shown.location).toBeUndefined();
    const { status, body } = await authorizeAndExchange({
      server: server.url,
      fhirBase: server.fhirBase,
      scope,
      launch: (await ehrLaunch(server.url, patient, cookie)).launch,
      cookie,
      consent: 'approve',
    });
    expect(status).toBe(200);
    expect(body.patient).toBe(patient);
  });

  it('sends access_denied back to the app when the user declines', async () => {
    const { launch } = await ehrLaunch(server.url, patient, cookie);
    const { location } = await authorizeCode({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch patient/*.rs',
      launch,
      cookie,
      consent: 'deny',
    });
    expect(location?.searchParams.get('error')).toBe('access_denied');
    expect(location?.searchParams.get('code')).toBeNull();
  });

  it('does not take an approval without the form token of the signed-in session', async () => {
    const { launch } = await ehrLaunch(server.url, patient, cookie);
    const shown = await authorizeCode({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch patient/*.rs',
      launch,
      cookie,
    });
    const fields = formFields(shown.html ?? '');
    const forged = new URLSearchParams({ ...fields, csrf: 'guess', decision: 'approve' });
    const res = await fetch(`${server.url}/sandbox/auth/authorize`, {
      method: 'POST',
      body: forged,
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(res.headers.get('location') ?? '').not.toContain('code=');
    const other = (await signIn(server.url, USER, PASSWORD)) ?? '';
    const crossSession = await fetch(`${server.url}/sandbox/auth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, decision: 'approve' }),
      headers: { Cookie: other },
      redirect: 'manual',
    });
    expect(crossSession.headers.get('location') ?? '').not.toContain('code=');
  });

  it('asks for the patient, then for consent, in a standalone launch', async () => {
    const pick = demoId('demo-hcc');
    const { status, body } = await authorizeAndExchange({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch/patient openid fhirUser patient/*.rs',
      pick,
      cookie,
      consent: 'approve',
    });
    expect(status).toBe(200);
    expect(body.patient).toBe(pick);
  });

  it('keeps the consent page out of frames', async () => {
    const { launch } = await ehrLaunch(server.url, patient, cookie);
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: 'oncoagent',
      redirect_uri: `${server.url}/index.html`,
      scope: 'launch patient/*.rs',
      state: 's',
      aud: server.fhirBase,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      launch,
    });
    const res = await get(`/sandbox/auth/authorize?${params}`, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('password guessing', () => {
  it('stops taking sign-ins after ten failures in a minute', async () => {
    const guarded = await startTestServer({ demo: false, login: { user: USER, password: PASSWORD } });
    try {
      for (let i = 0; i < 10; i++) expect(await signIn(guarded.url, USER, `guess-${i}`)).toBeUndefined();
      const res = await fetch(`${guarded.url}/sandbox/login`, {
        method: 'POST',
        body: new URLSearchParams({ user: USER, password: PASSWORD }),
        redirect: 'manual',
      });
      expect(res.status).toBe(429);
      expect(res.headers.get('set-cookie')).toBeNull();
    } finally {
      await guarded.close();
    }
  });
});

describe('https public URL', () => {
  it('marks the session cookie Secure', async () => {
    const https = await startTestServer({
      publicUrl: 'https://ehr.example',
      demo: false,
      login: { user: USER, password: PASSWORD },
    });
    try {
      const res = await fetch(`${https.url}/sandbox/login`, {
        method: 'POST',
        body: new URLSearchParams({ user: USER, password: PASSWORD }),
        redirect: 'manual',
      });
      expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });
});

describe('loopback default (no login configured)', () => {
  it('keeps the demo clinician signed in and asks no consent', async () => {
    const open = await startTestServer();
    try {
      expect((await fetch(`${open.url}/sandbox`)).status).toBe(200);
      const { launch } = await ehrLaunch(open.url, patient);
      const { status, body } = await authorizeAndExchange({
        server: open.url,
        fhirBase: open.fhirBase,
        scope: 'launch patient/*.rs',
        launch,
      });
      expect(status).toBe(200);
      expect(body.patient).toBe(patient);
    } finally {
      await open.close();
    }
  });
});
