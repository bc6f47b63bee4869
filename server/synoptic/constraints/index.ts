// The constraint checker: runs a template's rules (its own plus the generic evidence rules) and returns the
// violated ones with the items involved.

import type { Answers, Violation } from '../../../common/contracts';
import type { Template, TemplateId } from '../template';
import { COLORECTAL_RULES } from './colorectal';
import { genericRules } from './generic';
import { CD99_RULES, LUNG_RULES } from './lung-cd99';
import type { ConstraintRule } from './types';

export { quoteInText } from './generic';
export type { ConstraintContext, ConstraintRule } from './types';

const TEMPLATE_RULES: Record<TemplateId, ConstraintRule[]> = {
  'cap-colorectal-resection': COLORECTAL_RULES,
  'ajcc8-lung-resection': LUNG_RULES,
  'cd99-pattern': CD99_RULES,
};

/**
 * Every rule that applies to a template.
 * @param template - The template.
 * @returns Its own rules, then the generic ones.
 */
export function rulesFor(template: Template): ConstraintRule[] {
  return [...TEMPLATE_RULES[template.id], ...genericRules(template)];
}

/**
 * Checks answers against the template's rules.
 * @param template - The template.
 * @param answers - Answers by linkId.
 * @param text - The report text.
 * @returns The violated rules with the items they relate and a message.
 */
export function checkConstraints(template: Template, answers: Answers, text: string): Violation[] {
  const ctx = { answers, text };
  return rulesFor(template)
    .filter((r) => !r.check(ctx))
    .map((r) => ({ rule: r.id, items: r.items, message: r.message(ctx) }));
}
