// Configuration every tool may read (keys, endpoints, model folder), parsed from the environment once.
import { resolve } from 'node:path';
import { z } from 'zod';

const Env = z.object({
  ONCOAGENT_MODELS_DIR: z.string().optional(),
  ONCOKB_TOKEN: z.string().optional(),
  ONCOKB_BASE_URL: z.url().default('https://www.oncokb.org/api/v1'),
  NCBI_EUTILS_BASE_URL: z.url().default('https://eutils.ncbi.nlm.nih.gov/entrez/eutils'),
  NCBI_API_KEY: z.string().optional(),
  NCBI_EMAIL: z.string().optional(),
  ONCOAGENT_OFFLINE: z.enum(['0', '1', 'true', 'false']).optional(),
  ONCOAGENT_WEB_SEARCH: z.enum(['off', 'searxng', 'google']).default('off'),
  SEARXNG_URL: z.url().optional(),
  GOOGLE_CSE_KEY: z.string().optional(),
  GOOGLE_CSE_ID: z.string().optional(),
  GOOGLE_CSE_BASE_URL: z.url().default('https://www.googleapis.com/customsearch/v1'),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  ONCOAGENT_VISION_MODEL: z.string().optional(),
  ONCOAGENT_TOOL_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ONCOAGENT_PACS_ORIGINS: z.string().optional(),
});

export interface ToolConfig {
  modelsDir: string;
  oncokb: { token?: string; baseUrl: string };
  ncbi: { baseUrl: string; apiKey?: string; email?: string };
  /** No network calls at all (PubMed, web, OncoKB answer `unavailable` or fall back offline). */
  offline: boolean;
  webSearch: {
    provider: 'off' | 'searxng' | 'google';
    searxngUrl?: string;
    google: { key?: string; cx?: string; baseUrl: string };
  };
  vision: { baseUrl?: string; apiKey?: string; model?: string };
  timeoutMs: number;
  /** Origins besides the FHIR server's from which DICOMweb images may be fetched (ONCOAGENT_PACS_ORIGINS, comma-separated). */
  pacsOrigins?: string[];
}

export const DEFAULT_MODELS_DIR = resolve(import.meta.dirname, '../../models');

/**
 * Reads the tool configuration.
 * @param env - Usually process.env.
 * @returns The configuration; throws naming each bad variable.
 */
export function readToolConfig(env: NodeJS.ProcessEnv = process.env): ToolConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Bad configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`
    );
  }
  const e = parsed.data;
  return {
    modelsDir: e.ONCOAGENT_MODELS_DIR ? resolve(e.ONCOAGENT_MODELS_DIR) : DEFAULT_MODELS_DIR,
    oncokb: { token: e.ONCOKB_TOKEN, baseUrl: e.ONCOKB_BASE_URL.replace(/\/$/, '') },
    ncbi: { baseUrl: e.NCBI_EUTILS_BASE_URL.replace(/\/$/, ''), apiKey: e.NCBI_API_KEY, email: e.NCBI_EMAIL },
    offline: e.ONCOAGENT_OFFLINE === '1' || e.ONCOAGENT_OFFLINE === 'true',
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
