// What the sandbox EHR needs from the configuration before it may be reachable beyond this machine.
import type { SandboxEnvConfig } from './groups';
import { DEFAULT_SANDBOX_SECRET } from './schema';

/**
 * What a sandbox reachable beyond loopback lacks: a secret of its own and a demo user to sign in with.
 * @param sandbox - The sandbox part of the configuration.
 * @returns One sentence per problem, each naming its variable; empty when it may start.
 */
export function exposedSandboxProblems(sandbox: SandboxEnvConfig): string[] {
  const problems: string[] = [];
  if (sandbox.secret === DEFAULT_SANDBOX_SECRET) {
    problems.push(`ONCOAGENT_SANDBOX_SECRET is the default '${DEFAULT_SANDBOX_SECRET}': set a long random value`);
  }
  if (!sandbox.user?.trim()) problems.push('ONCOAGENT_SANDBOX_USER (the demo user who signs in) is not set');
  if (!sandbox.password) problems.push('ONCOAGENT_SANDBOX_PASSWORD (its password) is not set');
  return problems;
}
