// A constraint between template items, declared as data: the items it relates, a check and a message.
import type { Answers, AnswerValue } from '../../../common/contracts';

export interface ConstraintContext {
  answers: Answers;
  /** The report text the answers were drawn from (for evidence checks). */
  text: string;
}

export interface ConstraintRule {
  id: string;
  /** Items the rule relates: all are re-asked when it is violated. */
  items: string[];
  /** True when the answers satisfy the rule (or it does not apply, e.g. an item is unanswered). */
  check(ctx: ConstraintContext): boolean;
  /** What is wrong, in words a pathologist and a model can act on. */
  message(ctx: ConstraintContext): string;
}

/** The value of an item, null when unanswered. */
export function val(ctx: ConstraintContext, linkId: string): AnswerValue | null {
  return ctx.answers[linkId]?.value ?? null;
}

/** A number-valued item, undefined when unanswered or not a number. */
export function num(ctx: ConstraintContext, linkId: string): number | undefined {
  const v = val(ctx, linkId);
  return typeof v === 'number' ? v : undefined;
}
