// The tool contract: a name, a description, zod parameters and an execute function that returns a result, never throws.
import type { z } from 'zod';
import type { ToolStatus } from '../../common/contracts';
import type { FhirClient } from '../fhir/fhir-client';
import type { ToolConfig } from './config';

// The status vocabulary is part of the workup contract; tools use it from here.
export type { ToolStatus };

export interface ToolResult<O = unknown> {
  status: ToolStatus;
  output?: O;
  /** For `error` and `unavailable`: what went wrong or what is missing, in words a clinician or integrator can act on. */
  message?: string;
  warnings?: string[];
}

export interface ToolContext {
  config: ToolConfig;
  /** The EHR's FHIR server with the user's token, when the tool runs inside a workup (resolves references). */
  fhir?: FhirClient;
  signal?: AbortSignal;
}

export interface Tool<P extends z.ZodType = z.ZodType, O = unknown> {
  /** Stable snake_case name (traces, tests and benchmarks count it). */
  name: string;
  description: string;
  parameters: P;
  execute(args: z.infer<P>, ctx: ToolContext): Promise<ToolResult<O>>;
}

/** Declares a tool with its parameter type inferred from the schema. */
export function defineTool<P extends z.ZodType, O>(tool: Tool<P, O>): Tool<P, O> {
  return tool;
}

/** Shorthands for results. */
export const ok = <O>(output: O, warnings?: string[]): ToolResult<O> => ({
  status: 'ok',
  output,
  ...(warnings?.length ? { warnings } : {}),
});
export const failed = (message: string): ToolResult<never> => ({ status: 'error', message });
export const unavailable = (message: string): ToolResult<never> => ({ status: 'unavailable', message });

/** A failure inside a tool that should reach the caller as an `error` result with this message. */
export class ToolInputError extends Error {}
