// One document covers gastric, junctional and oesophageal cancer of both histologies: a passage must fit the
// patient's subsite and histology, or it is not quoted for them.
import { describe, expect, it } from 'vitest';
import { histologyOf, subtypeMismatch, upperGiSite } from './subtype-fit';

const gastric = ['stomach', 'adenocarcinoma'] as const;
const escc = ['oesophagus', 'squamous'] as const;
const gej = ['junction', 'adenocarcinoma'] as const;

describe('upper-GI subtype fit', () => {
  it('reads the subsite and histology of the primary', () => {
    expect(upperGiSite('Adenocarcinoma of the gastric antrum')).toBe('stomach');
    expect(upperGiSite('Adenocarcinoma of the gastro-oesophageal junction, Siewert II')).toBe('junction');
    expect(upperGiSite('Squamous cell carcinoma of the mid oesophagus')).toBe('oesophagus');
    expect(histologyOf('Squamous cell carcinoma of the mid oesophagus')).toBe('squamous');
    expect(histologyOf('Poorly cohesive (signet-ring) gastric carcinoma')).toBe('adenocarcinoma');
  });

  it('keeps oesophageal trials away from a gastric primary but not from a junctional one', () => {
    const cross = 'Oesophageal cancer: neoadjuvant chemoradiotherapy (CROSS) versus perioperative FLOT (ESOPEC)';
    expect(subtypeMismatch(cross, ...gastric)).toBeDefined();
    expect(subtypeMismatch(cross, ...gej)).toBeUndefined();
    expect(subtypeMismatch('Adjuvant nivolumab after chemoradiotherapy and oesophagectomy', ...gastric)).toBeDefined();
  });

  it('keeps adenocarcinoma passages from a squamous tumour and squamous passages from an adenocarcinoma', () => {
    expect(subtypeMismatch('HER2 testing and scoring in gastric and GEJ adenocarcinoma', ...escc)).toBeDefined();
    expect(subtypeMismatch('MSI-H/dMMR gastric and gastro-oesophageal cancer', ...escc)).toBeDefined();
    expect(
      subtypeMismatch('First-line immunotherapy for advanced oesophageal squamous cell carcinoma', ...gej)
    ).toBeDefined();
    expect(
      subtypeMismatch('First-line immunotherapy for advanced oesophageal squamous cell carcinoma', ...escc)
    ).toBeUndefined();
    expect(subtypeMismatch('MSI-H/dMMR gastric and gastro-oesophageal cancer', ...gastric)).toBeUndefined();
  });
});
