// Constraints every template gets: evidence must be quoted from the report, and a number answer must appear in its
// evidence (in cm or mm), so an answer the text does not support is flagged whatever the item.
import type { Template } from '../template';
import { DIMS, dimensionsCm } from '../text/measure';
import { type ConstraintRule, num } from './types';

const squash = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[‘’“”"']/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a quote occurs in the report (case, quotes and spacing ignored; an ellipsis joins parts).
 * @param quote - The evidence quote.
 * @param text - The report.
 * @returns True when found.
 */
export function quoteInText(quote: string, text: string): boolean {
  const hay = squash(text);
  return quote
    .split(/\s*(?:\.\.\.|…)\s*/)
    .map((p) => squash(p).replace(/[.;,]+$/, ''))
    .filter(Boolean)
    .every((p) => hay.includes(p));
}

/** Every length in a text, in cm, dimension groups ("5.8 x 4.1 cm") included. */
function lengthsCm(text: string): number[] {
  return [...text.matchAll(new RegExp(DIMS, 'gi'))].flatMap((m) => dimensionsCm(m[0]));
}

/**
 * The generic rules for a template's items.
 * @param template - The template.
 * @returns One evidence rule per item and one number rule per decimal item.
 */
export function genericRules(template: Template): ConstraintRule[] {
  return template.items.flatMap((item): ConstraintRule[] => {
    const id = item.linkId;
    const grounded: ConstraintRule = {
      id: `evidence-in-report:${id}`,
      items: [id],
      check: (ctx) => (ctx.answers[id]?.evidence ?? []).every((q) => quoteInText(q, ctx.text)),
      message: (ctx) => {
        const missing = (ctx.answers[id]?.evidence ?? []).filter((q) => !quoteInText(q, ctx.text));
        return `${item.text}: the evidence ${missing.map((q) => JSON.stringify(q.slice(0, 80))).join(', ')} is not a quote from the report.`;
      },
    };
    if (item.type !== 'decimal') return [grounded];
    const inEvidence: ConstraintRule = {
      id: `number-in-evidence:${id}`,
      items: [id],
      check: (ctx) => {
        const v = num(ctx, id);
        if (v === undefined || v === 0) return true;
        return lengthsCm((ctx.answers[id]?.evidence ?? []).join(' ')).some((x) => Math.abs(x - v) < 0.005);
      },
      message: (ctx) => `${item.text}: ${num(ctx, id)} cm does not appear (in cm or mm) in the quoted evidence.`,
    };
    return [grounded, inEvidence];
  });
}
