// Plain words for what the workup does: tool names a clinician reads, a short detail per call, durations and modes.
import type { WorkupMode } from '../../server/agent/workup-result';

const TOOL_TITLES: Record<string, string> = {
  radiology_report: 'Read the images (radiology report)',
  segment_lesion: 'Measure a lesion on an image',
  assess_response: 'Assess tumour response (RECIST 1.1)',
  predict_biomarkers: 'Predict biomarkers from histology',
  variant_actionability: 'Look up therapies for an alteration',
  pubmed_search: 'Search PubMed',
  web_search: 'Search the web',
  calculator: 'Calculate',
  clinical_score: 'Compute a clinical score',
  tnm_stage: 'Determine the TNM stage group',
  guideline_search: 'Search the guidelines',
};

/**
 * The plain-words title of a tool.
 * @param tool - The registry name, e.g. "segment_lesion".
 * @returns e.g. "Measure a lesion on an image"; unknown tools read as their name in words.
 */
export function toolTitle(tool: string): string {
  const title = TOOL_TITLES[tool];
  if (title) {
    return title;
  }
  const words = tool.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unnamed tool';
}

const TOOL_SHORT: Record<string, string> = {
  radiology_report: 'imaging read',
  segment_lesion: 'measurement',
  assess_response: 'RECIST',
  predict_biomarkers: 'prediction',
  variant_actionability: 'actionability',
  pubmed_search: 'PubMed',
  web_search: 'web',
  calculator: 'calculation',
  clinical_score: 'score',
  tnm_stage: 'TNM',
  guideline_search: 'guidelines',
};

/**
 * A one-word name of a tool for inline citation buttons.
 * @param tool - The registry name.
 * @returns e.g. "RECIST" for assess_response.
 */
export function toolShort(tool: string): string {
  return TOOL_SHORT[tool] ?? tool.replace(/[_-]+/g, ' ');
}

const field = (args: unknown, key: string): string | undefined => {
  const value = (args as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

const clip = (text: string, max = 80): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A short detail of what one call is about (which alteration, which image, which query).
 * @param tool - The tool name.
 * @param args - The call's arguments.
 * @returns The detail, or undefined when there is nothing short to say.
 */
export function callDetail(tool: string, args: unknown): string | undefined {
  switch (tool) {
    case 'variant_actionability': {
      const what = [field(args, 'gene'), field(args, 'alteration')].filter(Boolean).join(' ');
      const where = field(args, 'tumorType');
      return what ? clip(where ? `${what} in ${where}` : what) : undefined;
    }
    case 'segment_lesion': {
      // "ImagingStudy/ct1/series/…/instances/…" → "ImagingStudy/ct1": the study is what a clinician recognises.
      const image = field(args, 'image');
      return image ? clip(image.split('/').slice(0, 2).join('/')) : undefined;
    }
    case 'clinical_score':
      return field(args, 'score') ?? field(args, 'name');
    case 'pubmed_search':
    case 'web_search':
    case 'guideline_search': {
      const query = field(args, 'query');
      return query ? clip(`“${query}”`) : undefined;
    }
    case 'calculator': {
      const expression = field(args, 'expression');
      return expression ? clip(expression) : undefined;
    }
    default:
      return undefined;
  }
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
