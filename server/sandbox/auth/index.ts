// The sandbox's SMART authorization server as one set of routes (authorize, token, revoke, JWKS) plus the login,
// built from the sandbox's options: clients and their allowed scopes, URLs from configuration, Medplum emulation.
import type { JsonWebKey } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { isMedplum } from '../emulation';
import type { SandboxOptions } from '../index';
import { authorize } from './authorize';
import { sandboxClients } from './clients';
import type { PatientChoice } from './consent';
import { GrantStore } from './grants';
import { JtiReplayCache } from './jti-replay';
import { TokenSigner } from './jwt';
import { SandboxLogin } from './login';
import { revoke } from './revoke';
import { smartConfiguration } from './smart-config';
import { token } from './token';
import type { SandboxUrls } from './urls';

export interface AuthServer {
  /** Routes to mount at `/sandbox/auth`. */
  routes: Hono;
  signer: TokenSigner;
  grants: GrantStore;
  login: SandboxLogin;
  /** The SMART discovery document, served at `[FHIR base]/.well-known/smart-configuration`. */
  configuration: Record<string, unknown>;
}

/**
 * Builds the authorization server.
 * @param options - The sandbox options (secret, token lifetime, redirect origins, login, emulation).
 * @param urls - The sandbox's URLs (from the configured public URL).
 * @param listPatients - The patients for the standalone picker and the consent screen.
 * @param backendKeys - Public keys of the backend client `oncoagent-backend` (see backend-client.ts).
 * @returns Its routes and state.
 */
export function createAuthServer(
  options: SandboxOptions,
  urls: SandboxUrls,
  listPatients: () => Promise<PatientChoice[]>,
  backendKeys: readonly JsonWebKey[] = []
): AuthServer {
  const medplum = isMedplum(options.emulate);
  const grants = new GrantStore();
  const signer = new TokenSigner({ isRevoked: (jti) => grants.isRevoked(jti) });
  const login = new SandboxLogin(options.login, urls.origin.startsWith('https:'));
  const clients = sandboxClients(options.secret, [urls.origin, ...options.redirectOrigins], backendKeys);
  const replay = new JtiReplayCache();
  const idTokenAlg = medplum ? 'ES256' : 'RS256';
  const routes = new Hono();
  const corsAll = cors({ origin: (origin) => origin, allowHeaders: ['Authorization', 'Content-Type'], maxAge: 600 });
  for (const path of ['/token', '/revoke', '/jwks']) routes.use(path, corsAll);

  const authorizeDeps = {
    clients,
    grants,
    redirectOrigins: options.redirectOrigins,
    listPatients,
    urls,
    login,
    medplum,
  };
  routes.get('/authorize', (c) => authorize(c, authorizeDeps));
  routes.post('/authorize', (c) => authorize(c, authorizeDeps));
  routes.post('/token', (c) =>
    token(c, { clients, grants, signer, tokenTtlSeconds: options.tokenTtlSeconds, urls, idTokenAlg, replay })
  );
  routes.post('/revoke', (c) => revoke(c, { clients, grants, signer }));
  routes.get('/jwks', (c) => c.json(signer.jwks()));
  return { routes, signer, grants, login, configuration: smartConfiguration(urls.authBase, idTokenAlg) };
}
