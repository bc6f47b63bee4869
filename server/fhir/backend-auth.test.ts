// The backend token source against a scripted server: the assertion it posts, one token kept until shortly before it
// expires, one request for concurrent callers, and failures that say why without the token or the key.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperationOutcomeError } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { backendToken } from './backend-auth';
import { generateBackendKeyPair } from './backend-auth-keys';

const FHIR = 'https://ehr.example.org/fhir/R4';
const TOKEN_URL = 'https://ehr.example.org/auth/token';
let keyFile: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'backend-auth-'));
  keyFile = join(dir, 'key.json');
  await writeFile(keyFile, JSON.stringify(generateBackendKeyPair('ES384').privateJwk));
});

interface Script {
  methods?: string[];
  answer?: (n: number) => { status: number; body: unknown };
}

function server(script: Script = {}) {
  const posts: { headers: Record<string, string>; form: URLSearchParams }[] = [];
  const http = (async (url: string | URL, init?: RequestInit) => {
    if (String(url).endsWith('/.well-known/smart-configuration')) {
      return Response.json({
        token_endpoint: TOKEN_URL,
        token_endpoint_auth_methods_supported: script.methods ?? ['private_key_jwt', 'client_secret_basic'],
      });
    }
    posts.push({ headers: init?.headers as Record<string, string>, form: new URLSearchParams(String(init?.body)) });
    const { status, body } = script.answer?.(posts.length) ?? {
      status: 200,
      body: { access_token: `token-${posts.length}`, token_type: 'Bearer', expires_in: 300 },
    };
    return Response.json(body, { status });
  }) as typeof fetch;
  return { http, posts };
}

async function failure(run: Promise<unknown>): Promise<{ code?: string; text: string }> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e
  );
  expect(err).toBeInstanceOf(OperationOutcomeError);
  const issue = (err as OperationOutcomeError).outcome.issue?.[0];
  return { code: issue?.code, text: issue?.details?.text ?? '' };
}

describe('backendToken', () => {
  it('posts client_credentials with a jwt-bearer assertion for the discovered token endpoint', async () => {
    const { http, posts } = server();
    const source = backendToken({
      fhirBase: FHIR,
      clientId: 'reg',
      privateKeyFile: keyFile,
      scope: 'system/Patient.rs',
      fetch: http,
    });
    expect(await source.token()).toBe('token-1');
    const { form, headers } = posts[0]!;
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')).toBe('system/Patient.rs');
    expect(form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const claims = JSON.parse(Buffer.from(form.get('client_assertion')!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'reg', sub: 'reg', aud: TOKEN_URL });
    expect(headers.authorization).toBeUndefined();
  });

  it('keeps the token until 60 s before it expires, and shares one request among concurrent callers', async () => {
    const { http, posts } = server();
    let now = 1_000_000;
    const source = backendToken({
      fhirBase: FHIR,
      clientId: 'reg',
      privateKeyFile: keyFile,
      scope: 's',
      fetch: http,
      now: () => now,
    });
    expect(await Promise.all([source.token(), source.token(), source.token()])).toEqual([
      'token-1',
      'token-1',
      'token-1',
    ]);
    now += 239_000;
    expect(await source.token()).toBe('token-1');
    now += 2_000;
    expect(await source.token()).toBe('token-2');
    // Each request carries a fresh assertion.
    expect(posts[0]!.form.get('client_assertion')).not.toBe(posts[1]!.form.get('client_assertion'));
  });

  it('sends a client secret as HTTP Basic', async () => {
    const { http, posts } = server();
    await backendToken({ fhirBase: FHIR, clientId: 'cli', clientSecret: 's:é', scope: 's', fetch: http }).token();
    const basic = Buffer.from(posts[0]!.headers.authorization!.slice(6), 'base64').toString();
    expect(basic).toBe(`cli:${encodeURIComponent('s:é')}`);
    expect(posts[0]!.form.get('client_assertion')).toBeNull();
  });

  it("says why it was refused with the server's error_description, retries nothing and caches no failure", async () => {
    const { http, posts } = server({
      answer: (n) =>
        n === 1
          ? {
              status: 401,
              body: { error: 'invalid_client', error_description: 'client_assertion jti was already used' },
            }
          : { status: 200, body: { access_token: 'later', expires_in: 300 } },
    });
    const source = backendToken({ fhirBase: FHIR, clientId: 'reg', privateKeyFile: keyFile, scope: 's', fetch: http });
    expect(await failure(source.token())).toEqual({
      code: 'security',
      text: 'The token endpoint refused client "reg": client_assertion jti was already used',
    });
    expect(posts).toHaveLength(1);
    expect(await source.token()).toBe('later');
  });

  it('refuses a server that does not take private_key_jwt, before posting anything', async () => {
    const { http, posts } = server({ methods: ['client_secret_basic'] });
    const source = backendToken({ fhirBase: FHIR, clientId: 'reg', privateKeyFile: keyFile, scope: 's', fetch: http });
    expect((await failure(source.token())).text).toMatch(/lacks private_key_jwt/);
    expect(posts).toHaveLength(0);
  });

  it('reports an unreachable server as transient and a server error as transient, without the token', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const source = backendToken({ fhirBase: FHIR, clientId: 'reg', clientSecret: 'x', scope: 's', fetch: down });
    expect(await failure(source.token())).toEqual({
      code: 'transient',
      text: 'SMART discovery: cannot reach https://ehr.example.org',
    });
    const { http } = server({ answer: () => ({ status: 503, body: { access_token: 'leaked?' } }) });
    const failing = backendToken({ fhirBase: FHIR, clientId: 'reg', clientSecret: 'x', scope: 's', fetch: http });
    const f = await failure(failing.token());
    expect(f.code).toBe('transient');
    expect(f.text).not.toContain('leaked');
  });

  it('needs exactly one credential', () => {
    expect(() => backendToken({ fhirBase: FHIR, clientId: 'c', clientSecret: '', scope: 's' })).toThrow(
      /private key file or a client secret/
    );
  });
});
