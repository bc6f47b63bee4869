// Environment configuration of the server, parsed once with zod so a bad value fails at start with its name.
import { z } from 'zod';

/**
 * The SMART scopes the app asks for: read the patient's record; write the workup's results about the patient
 * (Observation, DiagnosticReport, QuestionnaireResponse); and the Devices and Provenance that say what made them,
 * which lie outside the patient compartment and so need user/ scopes (read/search too: the idempotent commit looks
 * each one up before creating it). openid + fhirUser name the clinician who signs.
 */
export const DEFAULT_SCOPE = [
  'launch launch/patient openid fhirUser online_access patient/*.rs',
  'patient/Observation.c patient/DiagnosticReport.c patient/QuestionnaireResponse.c',
  'user/Device.c user/Device.rs user/Provenance.c user/Provenance.rs',
].join(' ');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  ONCOAGENT_PUBLIC_URL: z.url().optional(),
  ONCOAGENT_CLIENT_ID: z.string().min(1).default('oncoagent'),
  ONCOAGENT_SCOPE: z.string().min(1).default(DEFAULT_SCOPE),
  ONCOAGENT_SANDBOX_SECRET: z.string().min(1).default('dev-secret'),
  ONCOAGENT_SANDBOX_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  ONCOAGENT_SANDBOX_REDIRECT_ORIGINS: z.string().default(''),
  ONCOAGENT_CSP_CONNECT: z.string().default("'self' https:"),
});

export type ServerEnv = z.infer<typeof Env>;

/**
 * Reads the configuration from the environment.
 * @param env - Usually `process.env`.
 * @returns The typed configuration; throws an Error naming each bad variable.
 */
export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Bad configuration: ${problems}`);
  }
  return parsed.data;
}
