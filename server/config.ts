// Environment configuration of the server, parsed once with zod so a bad value fails at start with its name.
import { z } from 'zod';
import { DEFAULT_SCOPE } from '../common/smart/scopes';
import { parseOrigins } from './http/auth/origins';

export { DEFAULT_SCOPE };

/** The development default of `ONCOAGENT_SANDBOX_SECRET`: fine on loopback, refused when reachable from outside. */
export const DEFAULT_SANDBOX_SECRET = 'dev-secret';

/** Comma-separated http(s) origins (ONCOAGENT_FHIR_ORIGINS, ONCOAGENT_APP_ORIGINS). */
const origins = z
  .string()
  .default('')
  .refine(
    (value) => {
      try {
        parseOrigins(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'comma-separated http(s) origins, e.g. https://ehr.example.org' }
  );

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  ONCOAGENT_PUBLIC_URL: z.url().optional(),
  ONCOAGENT_CLIENT_ID: z.string().min(1).default('oncoagent'),
  ONCOAGENT_SCOPE: z.string().min(1).default(DEFAULT_SCOPE),
  ONCOAGENT_SANDBOX_SECRET: z.string().min(1).default(DEFAULT_SANDBOX_SECRET),
  ONCOAGENT_SANDBOX_USER: z.string().optional(),
  ONCOAGENT_SANDBOX_PASSWORD: z.string().optional(),
  ONCOAGENT_SANDBOX_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  ONCOAGENT_SANDBOX_REDIRECT_ORIGINS: z.string().default(''),
  ONCOAGENT_CSP_CONNECT: z.string().default("'self' https:"),
  ONCOAGENT_FHIR_ORIGINS: origins,
  ONCOAGENT_APP_ORIGINS: origins,
  ONCOAGENT_AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ONCOAGENT_WORKUP_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  ONCOAGENT_WORKUPS_PER_USER: z.coerce.number().int().positive().default(3),
  ONCOAGENT_WORKUPS_AT_ONCE: z.coerce.number().int().positive().default(4),
  ONCOAGENT_WORKUPS_QUEUED: z.coerce.number().int().min(0).default(16),
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

/**
 * What a sandbox reachable beyond loopback lacks: a secret of its own and a demo user to sign in with.
 * @param env - The parsed configuration.
 * @returns One sentence per problem, each naming its variable; empty when it may start.
 */
export function exposedSandboxProblems(env: ServerEnv): string[] {
  const problems: string[] = [];
  if (env.ONCOAGENT_SANDBOX_SECRET === DEFAULT_SANDBOX_SECRET) {
    problems.push(`ONCOAGENT_SANDBOX_SECRET is the default '${DEFAULT_SANDBOX_SECRET}': set a long random value`);
  }
  if (!env.ONCOAGENT_SANDBOX_USER?.trim())
    problems.push('ONCOAGENT_SANDBOX_USER (the demo user who signs in) is not set');
  if (!env.ONCOAGENT_SANDBOX_PASSWORD) problems.push('ONCOAGENT_SANDBOX_PASSWORD (its password) is not set');
  return problems;
}
