// Report text helpers: sentences split without breaking decimals or abbreviations, lengths converted to cm, container
// labels blanked with offsets kept, and the gross description found among headed sections.
import { describe, expect, it } from 'vitest';
import { dimensionsCm, toCm } from './measure';
import { grossSection } from './sections';
import { maskLabels, splitSentences } from './sentences';

describe('text helpers', () => {
  it('splits sentences, not decimals or abbreviations', () => {
    expect(
      splitSentences('A mass measures 4.2 x 3.8 cm. It is approx. 5 cm from the margin.\nNo perforation').map(
        (s) => s.text
      )
    ).toEqual(['A mass measures 4.2 x 3.8 cm.', 'It is approx. 5 cm from the margin.', 'No perforation']);
  });

  it('keeps "c." (circa) before a number inside its sentence, and still splits after a closing "c."', () => {
    expect(splitSentences('The margin is c. 4 cm from the tumour. Grade c. Next part.').map((s) => s.text)).toEqual([
      'The margin is c. 4 cm from the tumour.',
      'Grade c.',
      'Next part.',
    ]);
  });

  it('converts lengths to cm and reads dimension groups', () => {
    expect(toCm('45', 'mm')).toBe(4.5);
    expect(toCm('4,5', 'cm')).toBe(4.5);
    expect(dimensionsCm('38 x 25 x 10 mm')).toEqual([3.8, 2.5, 1]);
    expect(dimensionsCm('3 cm x 2.5 cm')).toEqual([3, 2.5]);
  });

  it('blanks container labels but keeps offsets', () => {
    const text = "Received labeled with the patient's name and 'right colon', is a segment.";
    const masked = maskLabels(text);
    expect(masked).toHaveLength(text.length);
    expect(masked).not.toContain('right colon');
    expect(masked).toContain("patient's name");
  });

  it('finds the gross section among headed sections', () => {
    const text =
      'CLINICAL HISTORY:\nRectal cancer.\nGROSS DESCRIPTION:\nA low anterior resection.\nFINAL DIAGNOSIS:\nAdenocarcinoma.';
    expect(grossSection(text).text.trim()).toBe('A low anterior resection.');
    expect(grossSection('A low anterior resection.').text).toBe('A low anterior resection.');
    expect(grossSection('FINAL DIAGNOSIS:\nAdenocarcinoma.').issue).toMatch(/no gross description/);
  });
});
