// Runs one tool call safely: arguments parsed with the tool's zod schema, exceptions and timeouts turned into results.
import { z } from 'zod';
import { withSignal } from '../fhir/fhir-client';
import { stripPaths } from './path-free';
import { type Tool, type ToolContext, ToolInputError, type ToolResult } from './types';

export interface ToolRun<O = unknown> extends ToolResult<O> {
  tool: string;
  ms: number;
}

/**
 * Parses arguments and executes a tool. Never throws: invalid arguments, thrown errors and timeouts are `error` results;
 * messages and warnings never carry server file paths.
 * @param tool - The tool.
 * @param args - Raw arguments (e.g. JSON from a model or the CLI).
 * @param ctx - Configuration, FHIR client, abort signal.
 * @returns The result with its duration.
 */
export async function runTool<O>(tool: Tool<z.ZodType, O>, args: unknown, ctx: ToolContext): Promise<ToolRun<O>> {
  const started = performance.now();
  // Messages reach the model, the report and the chart: a file may be named, never where it lives on the server.
  const done = (result: ToolResult<O>): ToolRun<O> => ({
    tool: tool.name,
    ...result,
    ...(result.message !== undefined ? { message: stripPaths(result.message) } : {}),
    ...(result.warnings ? { warnings: result.warnings.map(stripPaths) } : {}),
    ms: Math.round(performance.now() - started),
  });
  const parsed = tool.parameters.safeParse(args);
  if (!parsed.success) {
    return done({ status: 'error', message: `Invalid arguments for ${tool.name}: ${z.prettifyError(parsed.error)}` });
  }
  const timeout = AbortSignal.timeout(ctx.config.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
  try {
    const result = await Promise.race([
      // The FHIR client carries the signal too, so a cancelled or timed-out call stops reading from the EHR.
      tool.execute(parsed.data, { ...ctx, signal, ...(ctx.fhir ? { fhir: withSignal(ctx.fhir, signal) } : {}) }),
      new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason ?? new Error('aborted')), { once: true });
      }),
    ]);
    return done(result);
  } catch (err) {
    if (signal.aborted && timeout.aborted) {
      return done({ status: 'error', message: `${tool.name} did not finish within ${ctx.config.timeoutMs} ms` });
    }
    const message = err instanceof Error ? err.message : String(err);
    return done({
      status: 'error',
      message: err instanceof ToolInputError ? message : `${tool.name} failed: ${message}`,
    });
  }
}

/**
 * The JSON Schema of a tool's parameters, for LLM tool specs and `oncoagent tool --list`.
 * @param tool - The tool.
 * @returns name, description and parameters as JSON Schema.
 */
export function toolSpec(tool: Tool): { name: string; description: string; parameters: unknown } {
  return {
    name: tool.name,
    description: tool.description,
    parameters: z.toJSONSchema(tool.parameters, { io: 'input' }),
  };
}
