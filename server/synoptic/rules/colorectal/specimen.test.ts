import { describe, expect, it } from 'vitest';
import { COLORECTAL, SPECIMENS } from '../../testdata/fixtures';
import { extractColorectal } from '.';
import { classifySpecimen } from './specimen';

const kind = (text: string) => classifySpecimen(text).kind;

describe('colorectal specimen type', () => {
  it.each(SPECIMENS.map((c) => [c.id, c.note, c] as const))('%s (%s)', (_id, _note, c) => {
    expect(kind(c.text)).toBe(c.kind);
    const { answers, issues } = extractColorectal(c.text);
    for (const [linkId, want] of Object.entries(c.truth)) expect(answers[linkId]?.value ?? null, linkId).toEqual(want);
    for (const a of Object.values(answers)) for (const q of a.evidence) expect(c.text).toContain(q);
    if (c.kind === 'resection') expect(issues).toEqual([]);
    else expect(issues).toHaveLength(1);
  });

  it('says plainly that the resection template does not apply to a biopsy, polypectomy, EMR or local excision', () => {
    const issue = (id: string) => extractColorectal(SPECIMENS.find((c) => c.id === id)!.text).issues[0];
    expect(issue('S01')).toMatch(
      /^The report describes a biopsy, not a resection specimen: the CAP colon and rectum resection template does not apply; .*procedure.*margin status were not answered/
    );
    expect(issue('S02')).toMatch(/describes a polypectomy, not a resection specimen/);
    expect(issue('S03')).toMatch(/describes an endoscopic mucosal resection .*not a resection specimen/);
    expect(issue('S04')).toMatch(/describes a local \(transanal\) excision, not a resection specimen/);
    expect(issue('S07')).toMatch(/^The specimen type is unclear .*no procedure was inferred from the site/);
    expect(issue('S09')).toMatch(/names a biopsy but also describes a resected bowel segment/);
  });

  it('never turns a biopsy site into a procedure', () => {
    const text =
      'Specimen: Sigmoid colon, mass at 28 cm, endoscopic biopsies (4 fragments).\nDiagnosis: Invasive adenocarcinoma.';
    const { answers } = extractColorectal(text);
    expect(answers.procedure?.value).toBeNull();
    expect(answers.procedure?.explanation).toMatch(/biopsy, not a resection.*none is inferred from the site/);
    expect(answers['tumor-site']?.value).toBe('Sigmoid colon');
    expect(answers['tumor-site']?.explanation).toMatch(/site of the biopsy/);
    expect(answers.mesorectum?.value).toBeNull();
    // The same words without "biopsies" but with a resected segment are a sigmoidectomy.
    expect(
      extractColorectal('Received is a 22 cm segment of sigmoid colon with a 3 cm mass.').answers.procedure?.value
    ).toBe('Sigmoidectomy');
  });

  it('reads earlier or planned procedures as history, not as this specimen', () => {
    expect(kind('Clinical history: adenocarcinoma on biopsy. Sigmoid colectomy specimen, 20 cm.')).toBe('resection');
    expect(
      kind('Rectum, biopsy: adenocarcinoma. Comment: surgical resection (low anterior resection) is recommended.')
    ).toBe('biopsy');
    expect(kind('History: status post low anterior resection. Specimen: anastomosis, cold forceps biopsy.')).toBe(
      'biopsy'
    );
    expect(kind('A 20 cm segment of colon; the polypectomy site is tattooed.')).toBe('resection');
    expect(kind('Segment of sigmoid colon, 18 cm, with a biopsy-proven carcinoma.')).toBe('resection');
  });

  it('tells endoscopic and local "resections" from bowel resections', () => {
    expect(kind('Received is an endoscopic mucosal resection specimen, 2.5 cm.')).toBe('endoscopic-resection');
    expect(kind('Rectum, ESD: intramucosal carcinoma.')).toBe('endoscopic-resection');
    expect(kind('Rectal mass, ultrasound-guided core needle biopsy: adenocarcinoma.')).toBe('biopsy');
    expect(kind('Rectal lesion, transanal endoscopic microsurgery (TEM): adenocarcinoma.')).toBe('local-excision');
    expect(kind('Rectum, local resection: adenocarcinoma.')).toBe('local-excision');
    expect(kind('Transanal total mesorectal excision (taTME) specimen with mesorectum.')).toBe('resection');
    expect(kind('Colon, sigmoid, resection: adenocarcinoma.')).toBe('resection');
    expect(kind('Specimen: descending colon polyp.')).toBe('polypectomy');
    expect(kind('Descending colon, cold snare excision: tubular adenoma.')).toBe('polypectomy');
  });

  it('classifies every resection fixture as a resection', () => {
    for (const c of COLORECTAL) expect(kind(c.text), c.id).toBe('resection');
  });
});
