// Environment configuration of the server, parsed once with zod so a bad value fails at start with its name.
import { z } from 'zod';
import { DEFAULT_SCOPE } from '../common/smart/scopes';

export { DEFAULT_SCOPE };

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
