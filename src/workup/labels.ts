// Plain words for what the workup does: tool names a clinician reads, a short detail per call, durations and modes.

import type { WorkupMode } from '../../common/contracts';
import { toolContract } from '../../common/contracts/tools';
import { plainText } from '../record/plain';

/**
 * The plain-words title of a tool.
 * @param tool - The registry name, e.g. "segment_lesion".
 * @returns e.g. "Measure a lesion on an image"; unknown tools read as their name in words.
 */
export function toolTitle(tool: string): string {
  const title = toolContract(tool)?.title;
  if (title) {
    return title;
  }
  const words = tool.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unnamed tool';
}

/**
 * A one-word name of a tool for inline citation buttons.
 * @param tool - The registry name.
 * @returns e.g. "RECIST" for assess_response.
 */
export function toolShort(tool: string): string {
  return toolContract(tool)?.short ?? tool.replace(/[_-]+/g, ' ');
}

/**
 * A short detail of what one call is about (which alteration, which image, which query).
 * @param tool - The tool name.
 * @param args - The call's arguments.
 * @returns The detail, or undefined when there is nothing short to say.
 */
export function callDetail(tool: string, args: unknown): string | undefined {
  return plainText(toolContract(tool)?.detail?.(args));
}

/**
 * Formats a duration for people: "85 ms", "1.4 s", "2 min 5 s".
 * @param ms - Milliseconds.
 * @returns The text.
 */
export function formatMs(ms: number): string {
  if (ms < 1000) {
    return `${Math.max(0, Math.round(ms))} ms`;
  }
  if (ms < 60_000) {
    return `${(ms / 1000).toFixed(1)} s`;
  }
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

const MODES: Record<WorkupMode, string> = {
  none: 'offline rules, no language model',
  openai: 'language model (OpenAI-compatible endpoint)',
  local: 'local language model',
};

/**
 * The workup mode in words.
 * @param mode - The mode from the result.
 * @returns e.g. "offline rules, no language model".
 */
export function modeLabel(mode: string): string {
  return MODES[mode as WorkupMode] ?? mode;
}
