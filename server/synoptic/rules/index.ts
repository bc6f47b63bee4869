// The offline (rules) extractor for any template: dispatches on the template and guarantees an answer slot per item.

import type { Answers } from '../../../common/contracts';
import type { Template } from '../template';
import { extractCd99 } from './cd99';
import { extractColorectal } from './colorectal';
import { colorectalScope } from './colorectal/scope';
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

/** What a model reads for a template: the text, items already settled, and notes for the prompt and the result. */
export interface ReadScope {
  text: string;
  /** Items that do not apply to this report, answered (null with the reason) before the model is asked. */
  fixed: Answers;
  /** Issues to report and to tell the model (a specimen the template does not cover). */
  notes: string[];
  /** Set when nothing can be read (no gross description in a sectioned resection report). */
  fatal?: string;
  /** Set, with the reason, when the template does not apply to the report (a resection form on a biopsy). */
  notApplicable?: string;
}

/**
 * The part of a report a template reads and the items that do not apply to it (the CAP resection template on a
 * biopsy or local excision), so the LLM path leaves alone what the rules leave alone.
 * @param template - The template.
 * @param text - The whole report text.
 * @returns The scope; other templates read the whole text.
 */
export function scopeFor(template: Template, text: string): ReadScope {
  if (template.id !== 'cap-colorectal-resection') return { text, fixed: {}, notes: [] };
  const s = colorectalScope(text);
  const covered = s.specimen.kind === 'resection' || s.specimen.kind === 'unclear';
  return {
    text: s.text,
    fixed: s.fixed,
    notes: s.issue ? [s.issue] : [],
    ...(s.fatal ? { fatal: s.fatal } : {}),
    ...(!covered && s.issue ? { notApplicable: s.issue } : {}),
  };
}

/**
 * Why a template does not apply to a report at all (its form cannot be approved), judged from the report itself.
 * @param template - The template.
 * @param text - The whole report text.
 * @returns The reason in words, or undefined when the template applies (or may apply: an unclear specimen).
 */
export function templateMismatch(template: Template, text: string): string | undefined {
  return scopeFor(template, text).notApplicable;
}
