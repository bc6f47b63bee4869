// The whole environment OncoAgent reads, as one zod schema: the variable names, defaults and checks the README
// documents. Unknown variables are ignored; messages never contain a variable's value (it may be a secret).
import { z } from 'zod';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { parseOrigins } from '../http/auth/origins';

/** The development default of `ONCOAGENT_SANDBOX_SECRET`: fine on loopback, refused when reachable from outside. */
export const DEFAULT_SANDBOX_SECRET = 'dev-secret';

/** Variables whose values are credentials: never printed, not even in an error. */
export const SECRET_VARIABLES = [
  'OPENAI_API_KEY',
  'ONCOAGENT_RERANK_API_KEY',
  'ONCOKB_TOKEN',
  'NCBI_API_KEY',
  'GOOGLE_CSE_KEY',
  'ONCOAGENT_FHIR_TOKEN',
  'ONCOAGENT_CLIENT_SECRET',
  'ONCOAGENT_SANDBOX_SECRET',
  'ONCOAGENT_SANDBOX_PASSWORD',
  'REDIS_URL',
  'ONCOAGENT_LIVE_CLIENT_SECRET',
] as const;

/** An empty or blank value counts as unset (as `VAR= oncoagent …` means). */
const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A whole number in [min, max], optional (blank is unset). */
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` })
      .optional()
  );

const url = z.url({ error: 'must be a URL, e.g. https://host.example.org/v1' });
const optionalUrl = z.preprocess(blank, url.optional());
const flag = z.enum(['0', '1', 'true', 'false'], { error: 'must be 1, 0, true or false' }).optional();
const text = z.string().optional();
/** Choices are case-insensitive; blank means the default. */
const lowered = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value);

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
    { error: 'must be comma-separated http(s) origins, e.g. https://ehr.example.org' }
  );

export const EnvSchema = z.object({
  // Server and app.
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(65535, { error: 'must be 0–65535' })
    .default(8080),
  HOST: z.string().default('127.0.0.1'),
  ONCOAGENT_PUBLIC_URL: z.url({ error: 'must be a URL, e.g. https://oncoagent.example.org' }).optional(),
  ONCOAGENT_CLIENT_ID: z.string().min(1).default('oncoagent'),
  ONCOAGENT_SCOPE: z.string().min(1).default(DEFAULT_SCOPE),
  ONCOAGENT_CSP_CONNECT: z.string().default("'self' https:"),
  ONCOAGENT_FHIR_ORIGINS: origins,
  ONCOAGENT_APP_ORIGINS: origins,
  ONCOAGENT_AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ONCOAGENT_WORKUP_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  ONCOAGENT_WORKUPS_PER_USER: z.coerce.number().int().positive().default(3),
  ONCOAGENT_WORKUPS_AT_ONCE: z.coerce.number().int().positive().default(4),
  ONCOAGENT_WORKUPS_QUEUED: z.coerce.number().int().min(0).default(16),
  ONCOAGENT_DATA_DIR: z.string().min(1).optional(),
  // CLI credentials for a FHIR server.
  ONCOAGENT_FHIR_TOKEN: text,
  ONCOAGENT_CLIENT_SECRET: text,
  // Registry runs: with REDIS_URL, jobs go to BullMQ workers (`oncoagent worker`) instead of running in-process.
  REDIS_URL: z.preprocess(
    blank,
    z
      .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379' })
      .optional()
  ),
  // Sandbox.
  ONCOAGENT_SANDBOX_SECRET: z.string().min(1, { error: 'must not be empty' }).default(DEFAULT_SANDBOX_SECRET),
  ONCOAGENT_SANDBOX_USER: text,
  ONCOAGENT_SANDBOX_PASSWORD: text,
  ONCOAGENT_SANDBOX_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  ONCOAGENT_SANDBOX_REDIRECT_ORIGINS: z.string().default(''),
  // Models and the agent.
  ONCOAGENT_LLM: z.preprocess(
    lowered,
    z.enum(['none', 'openai', 'local'], { error: 'must be none, openai or local' }).default('none')
  ),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: text,
  ONCOAGENT_MODEL: text,
  ONCOAGENT_GGUF: text,
  ONCOAGENT_LLM_CONTEXT: int(0),
  ONCOAGENT_LLM_THREADS: int(0),
  ONCOAGENT_LLM_GPU: z.preprocess(
    lowered,
    z
      .enum(['auto', 'cuda', 'vulkan', 'metal', 'cpu'], { error: 'must be auto, cuda, vulkan, metal or cpu' })
      .default('auto')
  ),
  ONCOAGENT_LLM_MAX_TOKENS: int(0),
  ONCOAGENT_LLM_TIMEOUT_MS: int(0),
  ONCOAGENT_LLM_MAX_RETRIES: int(0),
  ONCOAGENT_MAX_ROUNDS: int(1, 10),
  ONCOAGENT_VISION_MODEL: text,
  ONCOAGENT_OFFLINE: flag,
  // Retrieval.
  ONCOAGENT_KNOWLEDGE_DIR: z.string().min(1).optional(),
  ONCOAGENT_EMBEDDING_MODEL: z.string().min(1).optional(),
  ONCOAGENT_EMBEDDING_BASE_URL: url.optional(),
  ONCOAGENT_EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().optional(),
  ONCOAGENT_RERANK_URL: url.optional(),
  ONCOAGENT_RERANK_MODEL: z.string().min(1).optional(),
  ONCOAGENT_RERANK_API_KEY: text,
  ONCOAGENT_RERANK_FORMAT: z.enum(['cohere', 'tei'], { error: 'must be cohere or tei' }).default('cohere'),
  ONCOAGENT_RETRIEVAL_CACHE: int(0),
  // Tools.
  ONCOAGENT_MODELS_DIR: text,
  ONCOKB_TOKEN: text,
  ONCOKB_BASE_URL: url.default('https://www.oncokb.org/api/v1'),
  NCBI_EUTILS_BASE_URL: url.default('https://eutils.ncbi.nlm.nih.gov/entrez/eutils'),
  NCBI_API_KEY: text,
  NCBI_EMAIL: text,
  ONCOAGENT_WEB_SEARCH: z
    .enum(['off', 'searxng', 'google'], { error: 'must be off, searxng or google' })
    .default('off'),
  SEARXNG_URL: url.optional(),
  GOOGLE_CSE_KEY: text,
  GOOGLE_CSE_ID: text,
  GOOGLE_CSE_BASE_URL: url.default('https://www.googleapis.com/customsearch/v1'),
  ONCOAGENT_TOOL_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ONCOAGENT_PACS_ORIGINS: text,
  // The opt-in live suite (`npm run test:live`, tests/live/) against a real FHIR server; unset, it is skipped.
  ONCOAGENT_LIVE_FHIR: optionalUrl,
  ONCOAGENT_LIVE_CLIENT_ID: text,
  ONCOAGENT_LIVE_CLIENT_SECRET: text,
  ONCOAGENT_LIVE_PRIVATE_KEY: text,
  ONCOAGENT_LIVE_PATIENT: text,
  ONCOAGENT_LIVE_GROUP: text,
});

/** The environment after parsing: every variable typed, defaults applied. */
export type ParsedEnv = z.infer<typeof EnvSchema>;

/** Where the variables come from: `process.env`, or a plain object in tests. */
export type EnvSource = Readonly<Record<string, string | undefined>>;
