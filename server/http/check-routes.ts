// HTTP API of the self-test (mounted at /api/check): GET / runs the read-only checks of `oncoagent check` against the
// EHR the launch came from, with the caller's own token and launch patient, for an EHR analyst after registering the
// app. It never writes (no write test here) and answers counts and resource types only.
import { Hono } from 'hono';
import { line } from '../check/report';
import { runChecks } from '../check/run-checks';
import { type ApiEnv, callerOf } from './auth/middleware';

export interface CheckRoutesOptions {
  /** The SMART scopes the app asks for at launch (compared with what the token carries). */
  scope: string;
}

/**
 * The check sub-app. Expects the API guard to have set the caller.
 * @param options - The app's scopes.
 * @returns A Hono app to mount at /api/check.
 */
export function checkRoutes(options: CheckRoutesOptions): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.get('/', async (c) => {
    const caller = callerOf(c);
    const report = await runChecks({
      fhirBase: caller.fhirBase,
      token: caller.token,
      askedScope: options.scope,
      patientId: caller.patientId,
      launchPatient: true,
      authLine: line('auth.token', 'Authentication', 'ok', 'the launch token was accepted by the EHR'),
      writeTest: false,
    });
    return c.json(report);
  });
  return app;
}
