// Negation with scope in pathology text (forward and backward triggers, scope ends, panel short forms, false
// triggers), so a negative stain is never read as positive or the reverse.
import { describe, expect, it } from 'vitest';
import { isNegated, negatedSpans, negationScopes } from './negation';

/** Whether the first occurrence of `word` in `s` is negated. */
const neg = (s: string, word: string, affirm?: RegExp) => {
  const at = s.indexOf(word);
  if (at < 0) throw new Error(`${word} not in ${s}`);
  return isNegated(s, at, at + word.length, affirm ? { affirm } : {});
};

describe('negation with scope', () => {
  it('negates forward from a pre-trigger and not what came before it', () => {
    const s = 'The neoplastic cells label for vimentin in a granular pattern and are negative for GFAP, EMA and actin.';
    expect(neg(s, 'vimentin')).toBe(false);
    expect(neg(s, 'GFAP')).toBe(true);
    expect(neg(s, 'actin')).toBe(true);
  });

  it('negates backward from a post-trigger, stopping at the affirmed finding before it', () => {
    const s = 'Calretinin decorates the cells strongly, and BerEP4 and MOC31 are negative.';
    expect(neg(s, 'Calretinin')).toBe(false);
    expect(neg(s, 'BerEP4')).toBe(true);
    expect(neg(s, 'MOC31')).toBe(true);
  });

  it('ends a forward scope at a separator followed by an affirmed finding', () => {
    const s = 'Negative for keratin, while synaptophysin is positive.';
    expect(neg(s, 'keratin')).toBe(true);
    expect(neg(s, 'synaptophysin')).toBe(false);
    const t = 'Negative for keratin, synaptophysin labels the nests.';
    expect(neg(t, 'synaptophysin')).toBe(false);
  });

  it('ends every scope at semicolons and contrastive conjunctions', () => {
    expect(neg('Actin negative; desmin reactive in most cells.', 'desmin')).toBe(false);
    expect(neg('No necrosis is present but mitoses are frequent.', 'mitoses')).toBe(false);
    expect(neg('No necrosis is present but mitoses are frequent.', 'necrosis')).toBe(true);
  });

  it('negates only the feature after "without", leaving the one before', () => {
    const s = 'Granular staining, without nuclear accentuation.';
    expect(neg(s, 'Granular')).toBe(false);
    expect(neg(s, 'nuclear')).toBe(true);
  });

  it('reads negative results written in the short forms of a panel', () => {
    expect(neg('Negative: HMB45, melan-A and SOX10.', 'SOX10')).toBe(true);
    expect(neg('Chromogranin - negative in the lesional cells.', 'Chromogranin')).toBe(true);
    expect(neg('Synaptophysin shows no staining of the tumour.', 'Synaptophysin')).toBe(true);
    expect(neg('Tumour cells do not express p63 or CK5/6.', 'CK5/6')).toBe(true);
    expect(neg('Desmin is not expressed.', 'Desmin')).toBe(true);
  });

  it('ignores phrases that only look like negation', () => {
    expect(negatedSpans('Reactivity in no more than 5% of cells.')).toEqual([]);
    expect(negatedSpans('Metastasis cannot be excluded.')).toEqual([]);
    expect(negatedSpans('The negative control was satisfactory.')).toEqual([]);
  });

  it('takes extra affirming words for the findings of a template', () => {
    const s = 'Negative for WT1, calretinin granular and diffuse.';
    expect(neg(s, 'calretinin')).toBe(true);
    expect(neg(s, 'calretinin', /\b(?:granular|diffuse)\b/)).toBe(false);
  });

  it('says which trigger and direction made each scope', () => {
    const [scope] = negationScopes('ALK is not detected.');
    expect(scope?.direction).toBe('backward');
    expect(scope?.trigger.text).toBe('is not detected');
  });
});
