// `oncoagent tool NAME JSON`: runs any tool standalone and prints its JSON result; `--list` prints the specs.
import { loadConfig, type OncoConfig } from '../config';
import { createFhirClient } from '../fhir/fhir-client';
import { findTool, TOOLS } from '../tools/registry';
import { runTool, toolSpec } from '../tools/run-tool';
import { CliError, UnavailableError } from './cli-error';

export interface ToolFlags {
  list?: boolean;
  fhir?: string;
  token?: string;
}

/**
 * Runs the command.
 * @param name - Tool name.
 * @param json - Arguments as JSON.
 * @param flags - --list, --fhir, --token.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function toolCommand(
  name: string | undefined,
  json: string | undefined,
  flags: ToolFlags,
  config: OncoConfig = loadConfig()
): Promise<void> {
  if (flags.list || !name) {
    process.stdout.write(`${JSON.stringify(TOOLS.map(toolSpec), null, 2)}\n`);
    return;
  }
  const tool = findTool(name);
  if (!tool) throw new CliError(`Unknown tool "${name}". Known: ${TOOLS.map((t) => t.name).join(', ')}`);
  let args: unknown;
  try {
    args = JSON.parse(json ?? '{}');
  } catch (err) {
    throw new CliError(`The arguments are not valid JSON: ${(err as Error).message}`);
  }
  const fhir = flags.fhir
    ? createFhirClient({ baseUrl: flags.fhir, token: flags.token ?? config.fhir.token })
    : undefined;
  const result = await runTool(tool, args, { config: config.tools, fhir });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if (result.status === 'unavailable') throw new UnavailableError(result.message ?? `${name} is unavailable`);
  if (result.status === 'error') throw new CliError(result.message ?? `${name} failed`);
}
