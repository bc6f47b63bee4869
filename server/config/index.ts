// Configuration: the environment parsed once at each entry point (loadConfig), the parts each module takes, and the
// package version. Nothing outside this folder reads process.env.
export { DEFAULT_SCOPE } from '../../common/smart/scopes';
export { ConfigError, loadConfig, type OncoConfig, offlineConfig } from './env';
export type { FhirConfig, LimitsConfig, LiveConfig, RegistryConfig, SandboxEnvConfig, ServerConfig } from './groups';
export { exposedSandboxProblems } from './sandbox';
export { DEFAULT_SANDBOX_SECRET, type EnvSource, SECRET_VARIABLES } from './schema';
export { VERSION } from './version';
