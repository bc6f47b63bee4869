// Normalisation of genes, alterations and tumour types: what callers write must reach the same knowledge.
import { describe, expect, it } from 'vitest';
import { ToolInputError } from '../types';
import { FUSION_DRIVERS } from './knowledge';
import { normaliseAlteration } from './normalise-alteration';
import { normaliseGene, normaliseQuery } from './normalise-query';
import { mapTumourType } from './tumour-types';

describe('normaliseAlteration', () => {
  it.each([
    ['p.Val600Glu', 'V600E'],
    ['v600e', 'V600E'],
    ['p.G12C', 'G12C'],
    ['p.(Gly12Cys)', 'G12C'],
    ['R213X', 'R213*'],
    ['p.Arg213Ter', 'R213*'],
    ['p.Ser1982ArgfsTer22', 'S1982Rfs*22'],
    ['p.Glu746_Ala750del', 'E746_A750del'],
    ['V600', 'V600'],
  ])('%s → %s', (raw, display) => {
    expect(normaliseAlteration(raw).display).toBe(display);
  });

  it('classifies protein effects and derives exon classes from positions', () => {
    expect(normaliseAlteration('V600E').protein).toMatchObject({ ref: 'V', pos: 600, alt: 'E', effect: 'missense' });
    expect(normaliseAlteration('S1982fs', 'BRCA2').classes).toEqual(['lof']);
    expect(normaliseAlteration('E746_A750del', 'EGFR').classes).toEqual(['exon19del']);
    expect(normaliseAlteration('L747_P753delinsS', 'EGFR').classes).toEqual(['exon19del']);
    expect(normaliseAlteration('A763_Y764insFQEA', 'EGFR').classes).toEqual(['exon20ins']);
    expect(normaliseAlteration('Y772_A775dup', 'ERBB2').classes).toEqual(['exon20ins']);
    expect(normaliseAlteration('E746_A750del', 'KRAS').classes).toEqual([]);
  });

  it.each([
    ['MSI-H', 'msi-h'],
    ['MSI-high', 'msi-h'],
    ['dMMR', 'msi-h'],
    ['mismatch repair deficient', 'msi-h'],
    ['TMB-H', 'tmb-h'],
    ['TMB 14 mut/Mb', 'tmb-h'],
    ['amplification', 'amplification'],
    ['Amplified', 'amplification'],
    ['homozygous deletion', 'deletion'],
    ['fusion', 'fusion'],
    ['rearrangement', 'fusion'],
    ['IHC 3+', 'overexpression'],
    ['HER2-positive', 'overexpression'],
    ['exon 19 deletion', 'exon19del'],
    ['exon 20 insertion', 'exon20ins'],
    ['exon 14 skipping', 'met-ex14'],
    ['loss-of-function', 'lof'],
    ['germline pathogenic variant', 'lof'],
    ['oncogenic mutation', 'oncogenic'],
    ['mutation', 'oncogenic'],
  ])('%s → class %s', (raw, cls) => {
    expect(normaliseAlteration(raw).classes).toContain(cls);
  });

  it('treats test results as status, not alterations', () => {
    expect(normaliseAlteration('wild-type').kind).toBe('status');
    expect(normaliseAlteration('MSS').kind).toBe('status');
    expect(normaliseAlteration('TMB 6 mut/Mb')).toMatchObject({ kind: 'status', classes: [] });
    expect(normaliseAlteration('HER2 IHC 2+').kind).toBe('status');
  });

  it('reads fusion pairs but not look-alikes', () => {
    expect(normaliseAlteration('EML4-ALK fusion', 'ALK')).toMatchObject({ classes: ['fusion'], partner: 'EML4' });
    expect(normaliseAlteration('KIF5B::RET')).toMatchObject({ classes: ['fusion'], fusionGenes: ['KIF5B', 'RET'] });
    expect(normaliseAlteration('HER2-positive').classes).toEqual(['overexpression']);
  });

  it('rejects what it cannot read, naming accepted forms', () => {
    expect(() => normaliseAlteration('c.1799T>A')).toThrow(ToolInputError);
    expect(() => normaliseAlteration('c.1799T>A')).toThrow(/protein change/);
  });
});

describe('normaliseQuery', () => {
  it('upper-cases genes, resolves aliases and strips a repeated gene', () => {
    expect(normaliseGene('her2')).toBe('ERBB2');
    expect(normaliseGene(' kras ')).toBe('KRAS');
    const q = normaliseQuery({ gene: 'braf', alteration: 'BRAF p.V600E' }, FUSION_DRIVERS);
    expect(q.gene).toBe('BRAF');
    expect(q.alteration.display).toBe('V600E');
  });

  it('infers the driver of a fusion pair when the gene is omitted, and takes a partner argument', () => {
    const pair = normaliseQuery({ alteration: 'EML4-ALK' }, FUSION_DRIVERS);
    expect(pair).toMatchObject({ gene: 'ALK', alteration: { partner: 'EML4' } });
    const withPartner = normaliseQuery({ gene: 'ALK', alteration: 'fusion', partner: 'eml4' }, FUSION_DRIVERS);
    expect(withPartner.alteration.partner).toBe('EML4');
    expect(() => normaliseQuery({ gene: 'KRAS', alteration: 'G12C', partner: 'EML4' }, FUSION_DRIVERS)).toThrow(
      /not a fusion/
    );
  });

  it('allows biomarker-only queries and requires a gene otherwise', () => {
    expect(normaliseQuery({ alteration: 'MSI-H' }, FUSION_DRIVERS).gene).toBeUndefined();
    expect(() => normaliseQuery({ alteration: 'V600E' }, FUSION_DRIVERS)).toThrow(/gene is required/);
    expect(() => normaliseGene('not a gene!')).toThrow(ToolInputError);
  });
});

describe('mapTumourType', () => {
  it.each([
    ['CRC', 'colorectal'],
    ['mCRC', 'colorectal'],
    ['colorectal cancer', 'colorectal'],
    ['Rectal adenocarcinoma', 'colorectal'],
    ['intrahepatic cholangiocarcinoma', 'cholangiocarcinoma'],
    ['iCCA', 'cholangiocarcinoma'],
    ['biliary tract cancer', 'biliary'],
    ['gallbladder carcinoma', 'gallbladder'],
    ['bladder cancer', 'urothelial'],
    ['pancreatic adenocarcinoma', 'pancreatic'],
    ['PDAC', 'pancreatic'],
    ['NSCLC', 'nsclc'],
    ['lung adenocarcinoma', 'nsclc'],
    ['GEJ adenocarcinoma', 'gastroesophageal'],
    ['gastric cancer', 'gastroesophageal'],
    ['oesophageal squamous cell carcinoma', 'esophageal-squamous'],
    ['HCC', 'hcc'],
    ['any solid tumour', 'solid'],
  ])('%s → %s', (text, code) => {
    expect(mapTumourType(text)).toBe(code);
  });

  it.each(['small cell lung cancer', 'pancreatic neuroendocrine tumour', 'GIST', 'something else'])(
    'does not guess for %s',
    (text) => {
      expect(mapTumourType(text)).toBeUndefined();
    }
  );
});
