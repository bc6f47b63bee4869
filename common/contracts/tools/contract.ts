// What every tool declares for readers outside its folder (browser and server alike): its clinician label, a short
// detail of a call, and, when others read its output, the output schema that types and checks it.
import type { z } from 'zod';

/** The browser-safe half of a tool: no server code, only data and pure functions. */
export interface ToolContract<O extends z.ZodType | undefined = z.ZodType | undefined, N extends string = string> {
  /** The registry name, e.g. "segment_lesion" (typed as its literal, so `contract.name` can key typed accessors). */
  name: N;
  /** What a clinician reads for the tool, e.g. "Measure a lesion on an image". */
  title: string;
  /** One word for inline citation buttons, e.g. "RECIST". */
  short: string;
  /** A short detail of what one call is about (which image, which query), when there is one. */
  detail?: (args: unknown) => string | undefined;
  /** The output schema, for tools whose output anything outside the tool reads. */
  output: O;
}

/**
 * Declares a tool contract with its output schema type kept.
 * @param contract - The contract.
 * @returns The same contract.
 */
export function defineToolContract<O extends z.ZodType | undefined, const N extends string>(
  contract: ToolContract<O, N>
): ToolContract<O, N> {
  return contract;
}

/** A string or number argument of a call, as text. */
export function argText(args: unknown, key: string): string | undefined {
  const value = (args as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Shortens a detail to `max` characters with an ellipsis. */
export const clip = (text: string, max = 80): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A finite number, or undefined for anything else (views never invent a value). */
export const finiteOrUndefined = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** A string, or undefined for anything else. */
export const stringOrUndefined = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A plain object (not an array, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
