// A deterministic stand-in for an LLM extractor, for benchmarks and tests: it answers each item prompt with the rules
// extractor's answer, except that in the first round it gets one constrained item wrong, so reflection has work to do.
import { createHash } from 'node:crypto';
import type { Answers } from '../../../common/contracts';
import type { ItemOutput } from '../llm/signature';
import { parseItemPrompt } from '../llm/signature';
import { extractWithRules } from '../rules';
import { loadTemplate, type TemplateItem } from '../template';

/** Items whose errors a constraint can catch, per template (what the noisy extractor may get wrong). */
const FLIPPABLE: Record<string, string[]> = {
  'cap-colorectal-resection': [
    'closest-margin',
    'margin-status',
    'distance-proximal',
    'distance-distal',
    'distance-radial',
    'tumor-size',
    'rectal-location',
    'mesorectum',
  ],
  'ajcc8-lung-resection': ['pT', 'pN', 'stage-group'],
  'cd99-pattern': ['cd99-distribution'],
};

const cache = new Map<string, Answers>();

function rulesFor(templateId: string, report: string): Answers {
  const key = `${templateId}\u0000${report}`;
  let answers = cache.get(key);
  if (!answers) {
    answers = extractWithRules(loadTemplate(templateId), report).answers;
    if (cache.size > 500) cache.clear();
    cache.set(key, answers);
  }
  return answers;
}

/** The item the extractor gets wrong in round 1 for this report (fixed by the report's hash). */
export function flippedItem(templateId: string, report: string): string | undefined {
  const answers = rulesFor(templateId, report);
  const candidates = (FLIPPABLE[templateId] ?? []).filter(
    (id) => answers[id]?.value !== null && answers[id]?.value !== undefined
  );
  if (!candidates.length) return undefined;
  const h = createHash('sha256').update(report).digest().readUInt32BE(0);
  return candidates[h % candidates.length];
}

function wrongValue(item: TemplateItem, value: string | number): string | number {
  if (typeof value === 'number') return Math.round((value + 2.5) * 100) / 100;
  const i = item.options.findIndex((o) => o.display === value);
  return item.options[(i + 1) % item.options.length]!.display;
}

/**
 * The noisy extractor's reply to one item prompt.
 * @param prompt - The rendered user message of the synoptic item signature.
 * @returns The structured output, or undefined when the prompt is not an item prompt.
 */
export function noisyAnswer(prompt: string): ItemOutput | undefined {
  const { templateId, linkId, report, reflection } = parseItemPrompt(prompt);
  if (!templateId || !linkId || report === undefined) return undefined;
  const template = loadTemplate(templateId);
  const item = template.items.find((i) => i.linkId === linkId);
  if (!item) return undefined;
  const a = rulesFor(templateId, report)[linkId];
  const value = a?.value ?? null;
  if (!reflection && value !== null && flippedItem(templateId, report) === linkId) {
    return { value: wrongValue(item, value), evidence: a?.evidence ?? [], explanation: 'First reading.' };
  }
  return { value, evidence: a?.evidence ?? [], explanation: a?.explanation ?? '' };
}
