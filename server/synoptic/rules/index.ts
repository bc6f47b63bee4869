// The offline (rules) extractor for any template: dispatches on the template and guarantees an answer slot per item.
import type { Template } from '../template';
import type { Answers } from '../types';
import { extractCd99 } from './cd99';
import { extractColorectal } from './colorectal';
import { extractLung } from './lung';

const EXTRACTORS = {
  'cap-colorectal-resection': extractColorectal,
  'ajcc8-lung-resection': extractLung,
  'cd99-pattern': extractCd99,
} as const;

/**
 * Runs the rules extractor of a template.
 * @param template - The template.
 * @param text - The report text (already decoded).
 * @returns An answer for every item (null with a reason where none was found) and input issues.
 */
export function extractWithRules(template: Template, text: string): { answers: Answers; issues: string[] } {
  const { answers, issues } = EXTRACTORS[template.id](text);
  const reason = issues[0] ?? 'Not found in the report.';
  for (const item of template.items) {
    answers[item.linkId] ??= { value: null, evidence: [], explanation: reason, method: 'rules' };
  }
  return { answers, issues };
}
