import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../common/contracts';
import { rulesFor } from '../../constraints';
import { quoteInText } from '../../constraints/generic';
import { loadTemplate } from '../../template';
import { COLORECTAL } from '../../testdata/fixtures';
import { extractColorectal } from '.';

const template = loadTemplate('cap-colorectal-resection');
const value = (text: string, linkId: string) => extractColorectal(text).answers[linkId]?.value ?? null;

describe('colorectal rules extractor', () => {
  it.each(COLORECTAL.map((c) => [c.id, c.note ?? '', c] as const))(
    '%s (%s): every item as in the truth',
    (_id, _note, c) => {
      const { answers } = extractColorectal(c.text);
      for (const [linkId, want] of Object.entries(c.truth)) expect(answers[linkId]?.value, linkId).toEqual(want);
    }
  );

  it('quotes report sentences verbatim for every answer', () => {
    for (const c of COLORECTAL) {
      for (const [linkId, a] of Object.entries(extractColorectal(c.text).answers)) {
        if (a.value === null) continue;
        expect(a.evidence.length, `${c.id} ${linkId}`).toBeGreaterThan(0);
        for (const q of a.evidence) expect(c.text.includes(q), `${c.id} ${linkId}: ${q}`).toBe(true);
      }
    }
  });

  it('fixture truths satisfy every template constraint (the checker agrees with the answer key)', () => {
    const rules = rulesFor(template).filter((r) => !r.id.includes(':'));
    for (const c of COLORECTAL) {
      const answers: Answers = Object.fromEntries(
        Object.entries(c.truth).map(([k, v]) => [
          k,
          { value: v, evidence: [], explanation: '', method: 'rules' as const },
        ])
      );
      const broken = rules.filter((r) => !r.check({ answers, text: c.text })).map((r) => r.id);
      expect(broken, c.id).toEqual([]);
    }
  });

  it('converts units and reads involvement as 0 cm, but "to within" as a distance', () => {
    const text =
      'Sigmoidectomy. A 38 x 25 mm ulcerated tumor is in the sigmoid colon, 45 mm from the proximal margin. It extends to the distal resection margin. The tumor comes to within 3 mm of the mesenteric margin. No perforation.';
    expect(value(text, 'tumor-size')).toBe(3.8);
    expect(value(text, 'distance-proximal')).toBe(4.5);
    expect(value(text, 'distance-distal')).toBe(0);
    expect(value(text, 'distance-radial')).toBe(0.3);
    expect(value(text, 'closest-margin')).toBe('Distal');
    expect(value(text, 'margin-status')).toBe('Involved by tumor');
  });

  it('tells "no perforation" from a perforation, and a perforation away from the tumor', () => {
    expect(
      value('Left hemicolectomy. A 3 cm tumor of the descending colon. There is no perforation.', 'perforation')
    ).toBe('Not identified');
    expect(
      value(
        'Left hemicolectomy. A 3 cm tumor of the descending colon. Perforation through the tumor is present.',
        'perforation'
      )
    ).toBe('Present');
    expect(
      value(
        'Left hemicolectomy. A 3 cm tumor of the descending colon. A perforated diverticulum lies 6 cm distal to the tumor.',
        'perforation'
      )
    ).toBe('Not identified');
    expect(value('Left hemicolectomy. A 3 cm tumor of the descending colon.', 'perforation')).toBeNull();
  });

  it('places a rectal tumor against the reflection from measured positions', () => {
    const base =
      'Low anterior resection with mesorectum, which is complete. The anterior peritoneal reflection is 7.0 cm from the distal margin.';
    expect(
      value(
        `${base} A 2.0 cm ulcerated tumor of the rectum has its lower edge 2.0 cm from the distal margin.`,
        'rectal-location'
      )
    ).toBe('Entirely below anterior peritoneal reflection');
    expect(
      value(
        `${base} A 2.0 cm ulcerated tumor of the rectum has its lower edge 6.0 cm from the distal margin.`,
        'rectal-location'
      )
    ).toBe('Straddles anterior peritoneal reflection');
    expect(
      value(
        `${base} A 2.0 cm ulcerated tumor of the rectum has its lower edge 9.0 cm from the distal margin.`,
        'rectal-location'
      )
    ).toBe('Entirely above anterior peritoneal reflection');
  });

  it('answers rectal-only items "Not applicable" for a colon primary and ignores container labels', () => {
    const text =
      "Specimen labeled 'rectum' is a right hemicolectomy. A 4 cm mass is in the cecum, 5 cm from the ileal margin.";
    expect(value(text, 'tumor-site')).toBe('Cecum');
    expect(value(text, 'mesorectum')).toBe('Not applicable');
    expect(value(text, 'rectal-location')).toBe('Not applicable');
  });

  it('reports a report without a gross description instead of guessing', () => {
    const r = extractColorectal(
      'FINAL DIAGNOSIS:\nSigmoid colon, resection: adenocarcinoma.\n\nMICROSCOPIC DESCRIPTION:\nModerately differentiated.'
    );
    expect(r.answers).toEqual({});
    expect(r.issues[0]).toMatch(/no gross description/);
    expect(quoteInText('Sigmoid colon , resection', 'Sigmoid colon, resection: x')).toBe(false);
  });

  it('reads a margin distance the gross description lacks from the microscopy or diagnosis section', () => {
    const report =
      'GROSS DESCRIPTION:\nSigmoid colectomy, 24 cm long. A 3 cm ulcerated tumour lies 9 cm from the proximal margin.\n\nMICROSCOPIC DESCRIPTION:\nThe carcinoma is 4 mm from the mesenteric margin and 15 cm from the distal margin.\n';
    const { answers } = extractColorectal(report);
    expect(answers['distance-proximal']?.value).toBe(9);
    expect(answers['distance-radial']?.value).toBe(0.4);
    expect(answers['closest-margin']?.value).toBe('Radial (circumferential) or mesenteric');
    expect(answers['closest-margin']?.evidence).toHaveLength(2);
  });

  it('takes the one margin with a distance as closest when the others are stated to be well clear', () => {
    const base = 'Sigmoid colectomy. A 3 cm ulcerated tumour of the sigmoid colon.';
    expect(
      value(`${base} The longitudinal margins are widely clear. The tumour is 4 mm from the CRM.`, 'closest-margin')
    ).toBe('Radial (circumferential) or mesenteric');
    // Without the statement about the other margins, one distance cannot be compared.
    expect(value(`${base} The tumour is 4 mm from the CRM.`, 'closest-margin')).toBeNull();
  });

  it('finds the gross description under UK-style headings ("Macroscopy", "Gross pathology")', () => {
    for (const heading of ['MACROSCOPY', 'Gross pathology']) {
      const report = `CLINICAL HISTORY:\nBowel cancer.\n\n${heading}:\nSigmoid colectomy. A 3 cm ulcerated tumour lies 6 cm from the distal margin.\n\nMICROSCOPY:\nAdenocarcinoma.\n`;
      expect(extractColorectal(report).answers['distance-distal']?.value, heading).toBe(6);
    }
  });
});
