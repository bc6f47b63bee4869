// Builds each concern's configuration from the parsed environment: the shapes the modules already take (ToolConfig,
// RagConfig, LlmConfig, the app's origins and limits), so no module below the entry point sees a variable name.
import { resolve } from 'node:path';
import type { RunRegistryOptions } from '../agent/run-registry';
import { parseOrigins } from '../http/auth/origins';
import type { LlmConfig } from '../llm/select';
import type { RagConfig } from '../rag/config';
import type { ToolConfig } from '../tools/config';
import { DEFAULT_DATA_DIR, DEFAULT_KNOWLEDGE_DIR, DEFAULT_MODELS_DIR } from './paths';
import type { ParsedEnv } from './schema';

export interface ServerConfig {
  port: number;
  host: string;
  /** ONCOAGENT_PUBLIC_URL as given (no default here: it depends on the port the server binds). */
  publicUrl?: string;
  clientId: string;
  scope: string;
  cspConnect: string;
  /** Browser origins allowed to call the API besides the server's own (ONCOAGENT_APP_ORIGINS). */
  appOrigins: string[];
  authTimeoutMs: number;
}

export interface FhirConfig {
  /** FHIR origins the server may contact (ONCOAGENT_FHIR_ORIGINS). */
  origins: string[];
  /** The CLI's access token for --fhir when --token is not given (ONCOAGENT_FHIR_TOKEN). */
  token?: string;
  /** The CLI's backend client secret when --client-secret is not given (ONCOAGENT_CLIENT_SECRET). */
  clientSecret?: string;
}

/** The opt-in live suite's server and backend client (ONCOAGENT_LIVE_*); `enabled` only with a server and a credential. */
export interface LiveConfig {
  enabled: boolean;
  fhir?: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  patient?: string;
  group?: string;
}

export interface RegistryConfig {
  /** Redis of the BullMQ engine (REDIS_URL); absent: registry jobs run in-process. */
  redisUrl?: string;
}

export interface SandboxEnvConfig {
  secret: string;
  user?: string;
  password?: string;
  tokenTtlSeconds: number;
  redirectOrigins: string[];
  /** Where the sandbox keeps the key pair of its backend client `oncoagent-backend`: `<data dir>/sandbox`. */
  keyDir: string;
}

export interface LimitsConfig {
  /** Workup runs per caller, at once, queued, and their time limit. */
  workups: Required<Pick<RunRegistryOptions, 'timeoutMs' | 'maxPerOwner' | 'maxRunning' | 'maxQueued'>>;
  /** Planning rounds of one workup (ONCOAGENT_MAX_ROUNDS, 1–10, default 4). */
  maxRounds: number;
  /** Tool calls per round. */
  maxCallsPerRound: number;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const on = (value: string | undefined): boolean => value === '1' || value === 'true';

/**
 * The app server's part: port, host, public URL, SMART client, CSP, browser origins, token-check timeout.
 * @param e - The parsed environment.
 * @returns The app server's settings.
 */
export function serverConfigOf(e: ParsedEnv): ServerConfig {
  return {
    port: e.PORT,
    host: e.HOST,
    ...(e.ONCOAGENT_PUBLIC_URL ? { publicUrl: e.ONCOAGENT_PUBLIC_URL } : {}),
    clientId: e.ONCOAGENT_CLIENT_ID,
    scope: e.ONCOAGENT_SCOPE,
    cspConnect: e.ONCOAGENT_CSP_CONNECT,
    appOrigins: parseOrigins(e.ONCOAGENT_APP_ORIGINS),
    authTimeoutMs: e.ONCOAGENT_AUTH_TIMEOUT_MS,
  };
}

/**
 * The FHIR part: the origins the server may contact and the CLI's credentials.
 * @param e - The parsed environment.
 * @returns FHIR origins and the CLI's credentials.
 */
export function fhirConfigOf(e: ParsedEnv): FhirConfig {
  return {
    origins: parseOrigins(e.ONCOAGENT_FHIR_ORIGINS),
    ...(e.ONCOAGENT_FHIR_TOKEN ? { token: e.ONCOAGENT_FHIR_TOKEN } : {}),
    ...(e.ONCOAGENT_CLIENT_SECRET ? { clientSecret: e.ONCOAGENT_CLIENT_SECRET } : {}),
  };
}

/**
 * The registry part: where the BullMQ engine's Redis is.
 * @param e - The parsed environment.
 * @returns The Redis URL, when set.
 */
export function registryConfigOf(e: ParsedEnv): RegistryConfig {
  return e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {};
}

/**
 * The sandbox EHR's part.
 * @param e - The parsed environment.
 * @returns The sandbox EHR's secret, demo login, token lifetime, redirects.
 */
export function sandboxConfigOf(e: ParsedEnv): SandboxEnvConfig {
  return {
    secret: e.ONCOAGENT_SANDBOX_SECRET,
    user: e.ONCOAGENT_SANDBOX_USER,
    password: e.ONCOAGENT_SANDBOX_PASSWORD,
    tokenTtlSeconds: e.ONCOAGENT_SANDBOX_TOKEN_TTL,
    redirectOrigins: list(e.ONCOAGENT_SANDBOX_REDIRECT_ORIGINS),
    keyDir: resolve(e.ONCOAGENT_DATA_DIR ?? DEFAULT_DATA_DIR, 'sandbox'),
  };
}

/**
 * The limits of workup runs and of the agent loop.
 * @param e - The parsed environment.
 * @returns Run and loop limits.
 */
export function limitsOf(e: ParsedEnv): LimitsConfig {
  return {
    workups: {
      timeoutMs: e.ONCOAGENT_WORKUP_TIMEOUT_MS,
      maxPerOwner: e.ONCOAGENT_WORKUPS_PER_USER,
      maxRunning: e.ONCOAGENT_WORKUPS_AT_ONCE,
      maxQueued: e.ONCOAGENT_WORKUPS_QUEUED,
    },
    maxRounds: e.ONCOAGENT_MAX_ROUNDS ?? 4,
    maxCallsPerRound: 10,
  };
}

/**
 * The model part (what each mode needs is checked by selectModel).
 * @param e - The parsed environment.
 * @returns The model selection settings (checked per mode by selectModel).
 */
export function llmConfigOf(e: ParsedEnv): LlmConfig {
  return {
    mode: e.ONCOAGENT_LLM,
    baseUrl: e.OPENAI_BASE_URL,
    apiKey: e.OPENAI_API_KEY,
    model: e.ONCOAGENT_MODEL || undefined,
    gguf: e.ONCOAGENT_GGUF || undefined,
    contextSize: e.ONCOAGENT_LLM_CONTEXT,
    threads: e.ONCOAGENT_LLM_THREADS,
    gpu: e.ONCOAGENT_LLM_GPU,
    maxTokens: e.ONCOAGENT_LLM_MAX_TOKENS,
    timeoutMs: e.ONCOAGENT_LLM_TIMEOUT_MS,
    maxRetries: e.ONCOAGENT_LLM_MAX_RETRIES,
  };
}

/** Query results kept per open knowledge index (ONCOAGENT_RETRIEVAL_CACHE; 0 keeps none). */
export const DEFAULT_RETRIEVAL_CACHE = 512;

/**
 * The retrieval part (RagConfig); ONCOAGENT_OFFLINE leaves out the embedder and cross-encoder.
 * @param e - The parsed environment.
 * @returns Where the index lives, and the embedder and reranker in play.
 */
export function ragConfigOf(e: ParsedEnv): RagConfig {
  const offline = on(e.ONCOAGENT_OFFLINE);
  const knowledgeDir = resolve(e.ONCOAGENT_KNOWLEDGE_DIR ?? DEFAULT_KNOWLEDGE_DIR);
  const embeddingUrl = e.ONCOAGENT_EMBEDDING_BASE_URL ?? e.OPENAI_BASE_URL;
  return {
    offline,
    dataDir: resolve(e.ONCOAGENT_DATA_DIR ?? DEFAULT_DATA_DIR),
    knowledgeDir,
    evalDir: resolve(knowledgeDir, 'eval'),
    cacheEntries: e.ONCOAGENT_RETRIEVAL_CACHE ?? DEFAULT_RETRIEVAL_CACHE,
    ...(!offline && e.ONCOAGENT_EMBEDDING_MODEL && embeddingUrl
      ? {
          embedding: {
            baseUrl: embeddingUrl,
            apiKey: e.OPENAI_API_KEY,
            model: e.ONCOAGENT_EMBEDDING_MODEL,
            dimensions: e.ONCOAGENT_EMBEDDING_DIMENSIONS,
          },
        }
      : {}),
    ...(!offline && e.ONCOAGENT_RERANK_URL
      ? {
          rerank: {
            url: e.ONCOAGENT_RERANK_URL,
            model: e.ONCOAGENT_RERANK_MODEL,
            apiKey: e.ONCOAGENT_RERANK_API_KEY,
            format: e.ONCOAGENT_RERANK_FORMAT,
          },
        }
      : {}),
  };
}

/**
 * The tools' part (ToolConfig).
 * @param e - The parsed environment.
 * @returns Keys, endpoints and the model folder every tool may read.
 */
export function toolConfigOf(e: ParsedEnv): ToolConfig {
  return {
    modelsDir: e.ONCOAGENT_MODELS_DIR ? resolve(e.ONCOAGENT_MODELS_DIR) : DEFAULT_MODELS_DIR,
    oncokb: { token: e.ONCOKB_TOKEN, baseUrl: e.ONCOKB_BASE_URL.replace(/\/$/, '') },
    ncbi: { baseUrl: e.NCBI_EUTILS_BASE_URL.replace(/\/$/, ''), apiKey: e.NCBI_API_KEY, email: e.NCBI_EMAIL },
    offline: on(e.ONCOAGENT_OFFLINE),
    webSearch: {
      provider: e.ONCOAGENT_WEB_SEARCH,
      searxngUrl: e.SEARXNG_URL,
      google: { key: e.GOOGLE_CSE_KEY, cx: e.GOOGLE_CSE_ID, baseUrl: e.GOOGLE_CSE_BASE_URL },
    },
    vision: { baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, model: e.ONCOAGENT_VISION_MODEL },
    timeoutMs: e.ONCOAGENT_TOOL_TIMEOUT_MS,
    pacsOrigins: e.ONCOAGENT_PACS_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => o.replace(/\/+$/, '')),
  };
}

/**
 * The live suite's part (LiveConfig).
 * @param e - The parsed environment.
 * @returns The server, the backend client's credential, the patient and Group to run on.
 */
export function liveConfigOf(e: ParsedEnv): LiveConfig {
  const fhir = e.ONCOAGENT_LIVE_FHIR?.replace(/\/+$/, '');
  const credential = Boolean(e.ONCOAGENT_LIVE_CLIENT_SECRET || e.ONCOAGENT_LIVE_PRIVATE_KEY);
  return {
    enabled: Boolean(fhir && e.ONCOAGENT_LIVE_CLIENT_ID && credential),
    ...(fhir ? { fhir } : {}),
    ...(e.ONCOAGENT_LIVE_CLIENT_ID ? { clientId: e.ONCOAGENT_LIVE_CLIENT_ID } : {}),
    ...(e.ONCOAGENT_LIVE_CLIENT_SECRET ? { clientSecret: e.ONCOAGENT_LIVE_CLIENT_SECRET } : {}),
    ...(e.ONCOAGENT_LIVE_PRIVATE_KEY ? { privateKey: e.ONCOAGENT_LIVE_PRIVATE_KEY } : {}),
    ...(e.ONCOAGENT_LIVE_PATIENT ? { patient: e.ONCOAGENT_LIVE_PATIENT } : {}),
    ...(e.ONCOAGENT_LIVE_GROUP ? { group: e.ONCOAGENT_LIVE_GROUP } : {}),
  };
}
