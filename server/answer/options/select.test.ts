// Option selection: only options whose conditions the patient's facts satisfy are shown; a known biomarker outside
// an option's group makes it "not for this patient"; a missing deciding fact is named instead of guessed.
import { describe, expect, it } from 'vitest';
import { type PatientFacts, patientFacts } from '../patient-facts';
import { CRC_INPUT, STAGE3_INPUT } from '../testing/inputs';
import { selectOptions } from './select';

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
const kras = patientFacts(CRC_INPUT);

describe('selectOptions', () => {
  it('offers second-line backbone switch for KRAS G12D MSS disease progressing on first line, never anti-EGFR', () => {
    const s = selectOptions(kras);
    expect(ids(s.shown)).toContain('crc-2l-backbone');
    expect(ids(s.shown)).not.toContain('crc-2l-anti-egfr');
    expect(ids(s.shown).some((id) => id.startsWith('crc-1l'))).toBe(false);
    const notFor = new Map(s.notFor.map((x) => [x.option.id, x.because]));
    expect(notFor.get('crc-2l-anti-egfr')).toBe('KRAS G12D');
    expect(notFor.get('crc-msi-immunotherapy')).toBe('MSS');
    expect(s.missing).toEqual([
      'BRAF V600E mutation status is not in the record: BRAF-targeted eligibility cannot be judged.',
    ]);
  });

  it('names the missing RAS status instead of offering or refusing anti-EGFR therapy', () => {
    const untested: PatientFacts = {
      ...kras,
      decisionLine: 1,
      progression: false,
      markers: { 'MSI-H/dMMR': kras.markers['MSI-H/dMMR']! },
    };
    const s = selectOptions(untested);
    expect(s.missing).toContain(
      'RAS (KRAS/NRAS) mutation status is not in the record: anti-EGFR eligibility and the first-line regimen cannot be judged.'
    );
    expect(ids(s.shown)).not.toContain('crc-1l-anti-egfr');
    // Only what the known MSS result excludes; nothing is refused on a RAS status that is not known.
    expect(s.notFor.map((x) => x.option.id)).toEqual(['crc-msi-immunotherapy']);
  });

  it('offers the stage III adjuvant option, not stage II or metastatic options, for resected stage IIIB colon cancer', () => {
    const s = selectOptions(patientFacts(STAGE3_INPUT));
    expect(ids(s.shown)).toEqual(['crc-stage-iii-adjuvant']);
    expect(s.missing).toEqual([]);
  });

  it('asks for the BCLC stage before allocating HCC treatment, and allocates once it is known', () => {
    const hcc: PatientFacts = { ...kras, tumour: new Set(['hcc']), markers: {}, decisionLine: 1 };
    const s = selectOptions(hcc);
    expect(s.shown).toEqual([]);
    expect(s.missing).toEqual(['The BCLC stage is not established: HCC treatment allocation cannot be judged.']);
    expect(ids(selectOptions({ ...hcc, bclc: 'C' }).shown)).toEqual(['hcc-bclc-c-1l']);
  });

  it('says when the table does not cover a tumour', () => {
    expect(selectOptions({ ...kras, tumour: new Set(['lung']) }).covered).toBe(false);
  });

  it('offers adjuvant therapy after the resection, but not once the disease has recurred', () => {
    const resected = patientFacts(STAGE3_INPUT);
    expect(resected.resected).toBe(true);
    const adjuvant = (p: PatientFacts) => ids(selectOptions(p).shown).filter((id) => /adj/.test(id));
    expect(adjuvant(resected).length).toBeGreaterThan(0);
    expect(adjuvant({ ...resected, progression: true })).toEqual([]);
  });
});
