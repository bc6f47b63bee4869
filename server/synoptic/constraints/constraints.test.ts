// The consistency rules a synoptic report must satisfy (margins, rectal-only items, procedure vs site, quoted
// evidence, AJCC lung stage group, CD99), so contradictory answers are flagged for the pathologist.
import { describe, expect, it } from 'vitest';
import type { Answers, AnswerValue } from '../../../common/contracts';
import { loadTemplate } from '../template';
import { checkConstraints } from '.';

const TEXT =
  'The tumor is 2.0 cm from the distal margin and 5 cm from the proximal margin; the radial margin is 0.4 cm away.';
const answers = (values: Record<string, AnswerValue | null>, evidence = [TEXT]): Answers =>
  Object.fromEntries(
    Object.entries(values).map(([k, value]) => [
      k,
      { value, evidence: value === null ? [] : evidence, explanation: '', method: 'llm' as const },
    ])
  );
const crc = loadTemplate('cap-colorectal-resection');
const rules = (template: string, values: Record<string, AnswerValue | null>, text = TEXT, evidence?: string[]) =>
  checkConstraints(loadTemplate(template), answers(values, evidence), text).map((v) => v.rule);

const margins = { 'distance-proximal': 5, 'distance-distal': 2, 'distance-radial': 0.4 };

describe('constraint checker', () => {
  it('closest margin is the smallest distance', () => {
    expect(rules(crc.id, { ...margins, 'closest-margin': 'Radial (circumferential) or mesenteric' })).toEqual([]);
    const v = checkConstraints(crc, answers({ ...margins, 'closest-margin': 'Distal' }), TEXT);
    expect(v).toEqual([
      {
        rule: 'closest-margin-is-smallest-distance',
        items: ['distance-proximal', 'distance-distal', 'distance-radial', 'closest-margin'],
        message:
          'Closest margin is "Distal" but the smallest distance is elsewhere (proximal 5 cm, distal 2 cm, radial 0.4 cm).',
      },
    ]);
  });

  it('margin status is involved exactly when a distance is 0', () => {
    const zeroText =
      'The tumor extends to the distal margin; it is 5 cm from the proximal margin and the radial margin is 0.4 cm away.';
    expect(rules(crc.id, { ...margins, 'margin-status': 'Involved by tumor' })).toEqual([
      'margin-involved-iff-zero-distance',
    ]);
    expect(
      rules(crc.id, { ...margins, 'distance-distal': 0, 'margin-status': 'Uninvolved by tumor' }, zeroText, [zeroText])
    ).toEqual(['margin-involved-iff-zero-distance']);
    expect(rules(crc.id, { ...margins, 'margin-status': 'Cannot be determined' })).toEqual([
      'margin-involved-iff-zero-distance',
    ]);
    expect(rules(crc.id, { ...margins, 'margin-status': 'Uninvolved by tumor' })).toEqual([]);
  });

  it('rectal location and mesorectum apply only to rectal primaries', () => {
    expect(
      rules(crc.id, {
        'tumor-site': 'Sigmoid colon',
        'rectal-location': 'Straddles anterior peritoneal reflection',
        mesorectum: 'Not applicable',
      })
    ).toEqual(['rectal-location-only-for-rectum']);
    expect(
      rules(crc.id, {
        'tumor-site': 'Rectum',
        'rectal-location': 'Entirely below anterior peritoneal reflection',
        mesorectum: 'Not applicable',
      })
    ).toEqual(['mesorectum-only-for-rectum']);
  });

  it('the procedure must contain the site; a perforation means a deep extent', () => {
    expect(rules(crc.id, { procedure: 'Right hemicolectomy', 'tumor-site': 'Sigmoid colon' })).toEqual([
      'procedure-contains-site',
    ]);
    expect(rules(crc.id, { procedure: 'Abdominoperineal resection', 'tumor-site': 'Rectum' })).toEqual([]);
    expect(rules(crc.id, { perforation: 'Present', 'tumor-extent': 'Invades muscularis propria' })).toEqual([
      'perforation-means-deep-extent',
    ]);
  });

  it('evidence must be quoted from the report, and a number must appear in it (cm or mm)', () => {
    expect(rules(crc.id, { 'distance-radial': 0.4 })).toEqual([]);
    expect(rules(crc.id, { 'distance-radial': 0.4 }, TEXT, ['radial margin 4 mm'])).toEqual([
      'evidence-in-report:distance-radial',
    ]);
    expect(rules(crc.id, { 'distance-distal': 2.5 })).toEqual(['number-in-evidence:distance-distal']);
    expect(rules(crc.id, { 'distance-radial': 0.4 }, 'The CRM is 4 mm.', ['The CRM is 4 mm.'])).toEqual([]);
  });

  it('the lung stage group follows the AJCC 8th table', () => {
    const text = 'T2a N0 M0';
    expect(rules('ajcc8-lung-resection', { pT: 'T2a', pN: 'N0', pM: 'M0', 'stage-group': 'IB' }, text, [text])).toEqual(
      []
    );
    const v = checkConstraints(
      loadTemplate('ajcc8-lung-resection'),
      answers({ pT: 'T2a', pN: 'N0', pM: 'M0', 'stage-group': 'IA3' }, [text]),
      text
    );
    expect(v[0]).toMatchObject({ rule: 'stage-group-from-table', items: ['pT', 'pN', 'pM', 'stage-group'] });
    expect(v[0]!.message).toMatch(/gives IB/);
  });

  it('CD99: negative has no distribution, and the answer must be what the evidence says', () => {
    const text = 'CD99 is negative.';
    expect(
      rules('cd99-pattern', { 'cd99-localization': 'Negative (no staining)', 'cd99-distribution': 'Diffuse' }, text, [
        text,
      ])
    ).toEqual(['cd99-distribution-in-evidence', 'cd99-negative-has-no-distribution']);
    const pos = 'CD99 shows patchy membranous staining.';
    expect(
      rules('cd99-pattern', { 'cd99-localization': 'Membranous', 'cd99-distribution': 'Patchy' }, pos, [pos])
    ).toEqual([]);
    expect(
      rules('cd99-pattern', { 'cd99-localization': 'Membranous', 'cd99-distribution': 'Diffuse' }, pos, [pos])
    ).toEqual(['cd99-distribution-in-evidence']);
  });
});
