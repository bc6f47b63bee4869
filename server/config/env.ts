// The one place the process environment is parsed: `loadConfig()` runs once at each entry point (serve, each CLI
// command) and the parts of its frozen result are passed down, so a bad value stops the start naming the variable.
import { OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { defaultTraceDir } from '../agent/trace';
import type { LlmConfig } from '../llm/select';
import type { RagConfig } from '../rag/config';
import type { ToolConfig } from '../tools/config';
import {
  type FhirConfig,
  fhirConfigOf,
  type LimitsConfig,
  type LiveConfig,
  limitsOf,
  liveConfigOf,
  llmConfigOf,
  type RegistryConfig,
  ragConfigOf,
  registryConfigOf,
  type SandboxEnvConfig,
  type ServerConfig,
  sandboxConfigOf,
  serverConfigOf,
  toolConfigOf,
} from './groups';
import { EnvSchema, type EnvSource } from './schema';

/** OncoAgent's whole configuration, grouped by concern. */
export interface OncoConfig {
  readonly server: ServerConfig;
  readonly fhir: FhirConfig;
  readonly registry: RegistryConfig;
  readonly sandbox: SandboxEnvConfig;
  readonly limits: LimitsConfig;
  readonly llm: LlmConfig;
  readonly rag: RagConfig;
  readonly tools: ToolConfig;
  /** The opt-in live suite (tests/live/): ONCOAGENT_LIVE_*. */
  readonly live: LiveConfig;
  /** Trace files of workups: `<data dir>/traces`. */
  readonly trace: { readonly dir: string };
}

/** A bad configuration: one `invalid` issue per variable, each naming it (never its value, which may be a secret). */
export class ConfigError extends OperationOutcomeError {
  constructor(problems: { variable: string; message: string }[]) {
    const outcome: OperationOutcome = {
      resourceType: 'OperationOutcome',
      issue: problems.map((p) => ({
        severity: 'error',
        code: 'invalid',
        details: { text: `${p.variable} ${p.message}` },
        expression: [p.variable],
      })),
    };
    super(outcome);
    this.name = 'ConfigError';
    this.message = `Bad configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Parses the environment once.
 * @param env - The variables (default `process.env`; tests pass a plain object). Unknown variables are ignored.
 * @returns The typed, frozen configuration; throws ConfigError naming every bad variable.
 */
export function loadConfig(env: EnvSource = process.env): OncoConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? 'environment'), message: i.message }))
    );
  }
  const e = parsed.data;
  const rag = ragConfigOf(e);
  return deepFreeze({
    server: serverConfigOf(e),
    fhir: fhirConfigOf(e),
    registry: registryConfigOf(e),
    sandbox: sandboxConfigOf(e),
    limits: limitsOf(e),
    llm: llmConfigOf(e),
    rag,
    tools: toolConfigOf(e),
    live: liveConfigOf(e),
    trace: { dir: defaultTraceDir(rag.dataDir) },
  });
}

/**
 * The same configuration with every network and model use off (ONCOAGENT_OFFLINE=1, ONCOAGENT_LLM=none): what the
 * offline benchmarks and evaluations run on, whatever the environment says.
 * @param config - The loaded configuration.
 * @returns A frozen offline copy.
 */
export function offlineConfig(config: OncoConfig): OncoConfig {
  const { embedding: _e, rerank: _r, ...rag } = config.rag;
  return deepFreeze({
    ...config,
    llm: { ...config.llm, mode: 'none' },
    rag: { ...rag, offline: true },
    tools: { ...config.tools, offline: true },
  });
}
