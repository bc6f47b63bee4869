import { describe, expect, it } from 'vitest';
import { grossEnd, hasSectionHeading, looseGrossSection } from './gross-heading';

const body = (t: string) => looseGrossSection(t)?.text.trim();

describe('gross description under loosely written headings', () => {
  it('takes a heading without a colon, with a dash, or with a bracketed note, up to the next heading', () => {
    expect(
      body(
        'CLINICAL HISTORY:\nCancer.\n\nGROSS DESCRIPTION\nA 4 cm tumour.\n\nMICROSCOPIC DESCRIPTION\nAdenocarcinoma.'
      )
    ).toBe('A 4 cm tumour.');
    expect(body('SPECIMEN: colon\nGROSS EXAMINATION - A 4 cm tumour.\nFINAL DIAGNOSIS: Adenocarcinoma.')).toBe(
      'A 4 cm tumour.'
    );
    expect(body('HISTORY: x.\nGROSS DESCRIPTION (Dr A): A 4 cm tumour.\nDIAGNOSIS: Adenocarcinoma.')).toBe(
      'A 4 cm tumour.'
    );
  });

  it('does not take a sentence that starts with the word gross', () => {
    expect(looseGrossSection('Gross examination shows a tumour.\nDIAGNOSIS: Adenocarcinoma.')).toBeUndefined();
  });

  it('ends a gross description at another part of the report, not at a field inside it', () => {
    const text = 'GROSS:\nNOTE: received opened.\nSUMMARY: a 4 cm tumour.\nMICROSCOPY:\nAdenocarcinoma.';
    expect(text.slice(0, grossEnd(text, 7))).toBe('GROSS:\nNOTE: received opened.\nSUMMARY: a 4 cm tumour.\n');
  });

  it('tells a section heading from a field that only begins like one', () => {
    expect(hasSectionHeading('Macroscopic tumour perforation:\nAbsent')).toBe(false);
    expect(hasSectionHeading('Sigmoid colectomy.\nDIAGNOSIS: adenocarcinoma.')).toBe(true);
  });
});
