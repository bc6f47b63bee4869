// A resection of the primary is read from what the record says was done (a completed operation, a pathological
// category, a sentence in the past), never from a plan, an alternative under discussion or an operation on a
// metastasis; and the summary states it with its resource so the answer can cite it.
import type { Condition, DocumentReference, Patient, Procedure } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../../common/record/patient-record';
import { readFacts } from './facts';
import { summariseRecord } from './summary';

const subject = { reference: 'Patient/p' };

function record(primary: string, extra: { procedures?: Procedure[]; letter?: string; stage?: string } = {}) {
  const r = emptyRecord({ resourceType: 'Patient', id: 'p' } as Patient);
  r.conditions = [
    {
      resourceType: 'Condition',
      id: 'c',
      subject,
      code: { text: primary },
      ...(extra.stage ? { stage: [{ summary: { text: extra.stage } }] } : {}),
    } as Condition,
  ];
  r.procedures = extra.procedures ?? [];
  if (extra.letter)
    r.documentReferences = [
      {
        resourceType: 'DocumentReference',
        id: 'd',
        status: 'current',
        subject,
        content: [{ attachment: { contentType: 'text/plain', data: Buffer.from(extra.letter).toString('base64') } }],
      } as DocumentReference,
    ];
  return r;
}
const op = (text: string): Procedure => ({
  resourceType: 'Procedure',
  id: 'op',
  status: 'completed',
  subject,
  code: { text },
  performedDateTime: '2026-03-04',
});

describe('readResection', () => {
  it('writes a completed resection of the primary into the summary with its date and resource', () => {
    const r = record('Adenocarcinoma of the rectum', { procedures: [op('Total mesorectal excision')] });
    expect(readFacts(r).resection).toEqual({
      text: 'Total mesorectal excision',
      ref: 'Procedure/op',
      date: '2026-03-04',
    });
    expect(summariseRecord(r, readFacts(r))).toContain(
      'Resection: Total mesorectal excision (2026-03-04) [Procedure/op]'
    );
  });

  it('takes a liver resection as the primary resection only for a liver tumour', () => {
    const hepatectomy = [op('Right hepatectomy')];
    expect(readFacts(record('Hepatocellular carcinoma', { procedures: hepatectomy })).resection?.ref).toBe(
      'Procedure/op'
    );
    expect(readFacts(record('Adenocarcinoma of sigmoid colon', { procedures: hepatectomy })).resection).toBeUndefined();
  });

  it.each([
    ['a past-tense sentence', 'He underwent an extended right hemicolectomy in March.', true],
    ['pathological staging', 'Pathology: pT4a pN2a, 31 nodes examined.', true],
    ['a plan', 'Right hemicolectomy is planned after staging.', false],
    ['an alternative under discussion', 'Upfront hemicolectomy versus neoadjuvant FOLFOX was discussed.', false],
    ['an unrelated operation', 'Status post cholecystectomy (2019).', false],
    ['clinical staging', 'MRI: cT3c cN1 EMVI positive.', false],
  ])('reads %s in a letter as %s', (_what, letter, done) => {
    const facts = readFacts(record('Adenocarcinoma of caecum', { letter }));
    expect(facts.resection !== undefined).toBe(done);
    if (done) expect(facts.resection?.ref).toBe('DocumentReference/d');
  });
});
