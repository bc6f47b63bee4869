// Configuration every tool may read (keys, endpoints, model folder); server/config builds it from the environment.
import { type EnvSource, loadConfig } from '../config';

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

export { DEFAULT_MODELS_DIR } from '../config/paths';

/**
 * The tool configuration of an environment (the entry points take `loadConfig().tools` instead; tests use this).
 * @param env - The variables.
 * @returns The configuration; throws ConfigError naming each bad variable.
 */
export function readToolConfig(env: EnvSource): ToolConfig {
  return loadConfig(env).tools;
}
