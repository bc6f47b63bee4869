// Constraints of the lung TNM template (stage group = AJCC 8th table of pT, pN, pM) and the CD99 template (a negative
// stain has no distribution, a positive one needs one).
import { stageGroup } from '../../tools/tnm_stage/stage-group';
import { type ConstraintRule, val } from './types';

export const LUNG_RULES: ConstraintRule[] = [
  {
    id: 'stage-group-from-table',
    items: ['pT', 'pN', 'pM', 'stage-group'],
    check: (ctx) => {
      const [t, n, m, g] = ['pT', 'pN', 'pM', 'stage-group'].map((k) => val(ctx, k));
      if (typeof t !== 'string' || typeof n !== 'string' || typeof m !== 'string') return true;
      const stage = stageGroup('lung', t, n, m);
      return stage.ok ? g === stage.stage.stageGroup : g === null;
    },
    message: (ctx) => {
      const [t, n, m, g] = ['pT', 'pN', 'pM', 'stage-group'].map((k) => String(val(ctx, k)));
      const stage = stageGroup('lung', t!, n!, m!);
      return stage.ok
        ? `Stage group "${g}" does not follow from ${t} ${n} ${m}: the AJCC 8th table gives ${stage.stage.stageGroup}.`
        : `Stage group "${g}" was given, but ${stage.message}`;
    },
  },
];

/** Wording that supports each CD99 answer; the quoted evidence must contain it. */
const CD99_WORDS: Record<string, RegExp> = {
  Membranous: /membran/i,
  Cytoplasmic: /cytoplasm/i,
  'Membranous and cytoplasmic': /membran[\s\S]*cytoplasm|cytoplasm[\s\S]*membran/i,
  'Negative (no staining)': /negativ|no (?:staining|expression|reactivity)/i,
  Focal: /focal|rare|scattered|isolated|few|\b\d\s*%/i,
  Patchy: /patch|\b[1-5]\d\s*%/i,
  Diffuse: /diffuse|most|all|nearly all|\b(?:[5-9]\d|100)\s*%/i,
};

const wordingRule = (item: string): ConstraintRule => ({
  id: `${item}-in-evidence`,
  items: [item],
  check: (ctx) => {
    const v = val(ctx, item);
    const re = typeof v === 'string' ? CD99_WORDS[v] : undefined;
    return !re || re.test((ctx.answers[item]?.evidence ?? []).join(' '));
  },
  message: (ctx) => `"${val(ctx, item)}" is not what the quoted evidence says about CD99 staining.`,
});

export const CD99_RULES: ConstraintRule[] = [
  wordingRule('cd99-localization'),
  wordingRule('cd99-distribution'),
  {
    id: 'cd99-negative-has-no-distribution',
    items: ['cd99-localization', 'cd99-distribution'],
    check: (ctx) => {
      const l = val(ctx, 'cd99-localization');
      const d = val(ctx, 'cd99-distribution');
      if (l === null || d === null) return true;
      return (l === 'Negative (no staining)') === (d === 'Not applicable');
    },
    message: (ctx) =>
      val(ctx, 'cd99-localization') === 'Negative (no staining)'
        ? `A negative CD99 stain has no distribution, but it is "${val(ctx, 'cd99-distribution')}".`
        : `CD99 stains (${val(ctx, 'cd99-localization')}), so its distribution cannot be "Not applicable".`,
  },
];
