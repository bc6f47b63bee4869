// More known answers across GI (pancreas, biliary, stomach, liver) and NSCLC, plus input errors, from the offline knowledge.
import { describe, expect, it } from 'vitest';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { type ActionabilityOutput, variantActionabilityTool } from '.';

async function ask(args: Record<string, unknown>) {
  const result = await runTool(variantActionabilityTool, args, { config: readToolConfig({}) });
  return { ...result, out: result.output as ActionabilityOutput };
}

/** 'drug + drug@level' for each therapy, to compare whole answers at a glance. */
const levels = (out: ActionabilityOutput) => out.therapies.map((t) => `${t.drugs.join(' + ')}@${t.level}`);

describe('variant_actionability offline: GI and lung', () => {
  it('pancreatic: KRAS G12C → sotorasib and adagrasib at level 2 (guideline), CRC regimens at 3B', async () => {
    const { out } = await ask({ gene: 'KRAS', alteration: 'G12C', tumorType: 'pancreatic adenocarcinoma' });
    expect(levels(out).slice(0, 2).sort()).toEqual(['adagrasib@2', 'sotorasib@2']);
    expect(levels(out)).toContain('sotorasib + panitumumab@3B');
    expect(out.resistance).toEqual([]);
  });

  it('pancreatic: germline BRCA2 → olaparib level 1 (2019); NRG1 fusion → zenocutuzumab level 1', async () => {
    const brca = (await ask({ gene: 'BRCA2', alteration: 'germline pathogenic variant', tumorType: 'PDAC' })).out;
    expect(brca.therapies[0]).toMatchObject({ drugs: ['olaparib'], level: '1', year: 2019 });
    expect(brca.therapies[0].note).toMatch(/GERMLINE/);
    const nrg1 = (await ask({ gene: 'NRG1', alteration: 'CD74-NRG1 fusion', tumorType: 'pancreatic cancer' })).out;
    expect(levels(nrg1)).toEqual(['zenocutuzumab@1']);
  });

  it('biliary: FGFR2 fusion → pemigatinib and futibatinib; IDH1 R132C → ivosidenib; HER2 IHC 3+ → zanidatamab', async () => {
    const fgfr2 = (await ask({ gene: 'FGFR2', alteration: 'FGFR2-BICC1', tumorType: 'iCCA' })).out;
    expect(levels(fgfr2).sort()).toEqual(['futibatinib@1', 'pemigatinib@1']);
    const idh1 = (await ask({ gene: 'IDH1', alteration: 'p.Arg132Cys', tumorType: 'cholangiocarcinoma' })).out;
    expect(levels(idh1)[0]).toBe('ivosidenib@1');
    const her2 = (await ask({ gene: 'HER2', alteration: 'IHC 3+', tumorType: 'biliary tract cancer' })).out;
    expect(levels(her2)).toEqual(
      expect.arrayContaining(['zanidatamab@1', 'trastuzumab deruxtecan@1', 'trastuzumab + pertuzumab@2'])
    );
  });

  it('colorectal: HER2 amplification → tucatinib + trastuzumab level 1 (2023)', async () => {
    const { out } = await ask({ gene: 'ERBB2', alteration: 'amplification', tumorType: 'colon cancer' });
    expect(out.therapies[0]).toMatchObject({ drugs: ['tucatinib', 'trastuzumab'], level: '1', year: 2023 });
  });

  it('colorectal: NTRK and RET fusions → tumour-agnostic level 1; PIK3CA → alpelisib only as 3B', async () => {
    const ntrk = (await ask({ gene: 'NTRK1', alteration: 'TPM3-NTRK1', tumorType: 'CRC' })).out;
    expect(levels(ntrk).sort()).toEqual(['entrectinib@1', 'larotrectinib@1', 'repotrectinib@1']);
    const ret = (await ask({ gene: 'RET', alteration: 'fusion', tumorType: 'CRC' })).out;
    expect(levels(ret)).toEqual(['selpercatinib@1', 'pralsetinib@3B']);
    const pik3ca = (await ask({ gene: 'PIK3CA', alteration: 'H1047R', tumorType: 'CRC' })).out;
    expect(pik3ca.therapies.find((t) => t.drugs.includes('alpelisib'))).toMatchObject({
      level: '3B',
      tumorType: 'Breast cancer',
    });
  });

  it('HCC: says that genomics do not drive therapy', async () => {
    const { out } = await ask({ gene: 'CTNNB1', alteration: 'S45F', tumorType: 'hepatocellular carcinoma' });
    expect(out.oncogenicity).toBe('Unknown');
    expect(out.notes.join(' ')).toMatch(/not chosen by tumour genomics/);
  });

  it('NSCLC: EGFR exon 19 deletion → osimertinib level 1; T790M → osimertinib and R1 to erlotinib', async () => {
    const ex19 = (await ask({ gene: 'EGFR', alteration: 'p.Glu746_Ala750del', tumorType: 'NSCLC' })).out;
    expect(ex19.query.normalised.alteration).toBe('E746_A750del');
    expect(levels(ex19)).toEqual(expect.arrayContaining(['osimertinib@1', 'amivantamab + lazertinib@1']));
    const t790m = (await ask({ gene: 'EGFR', alteration: 'T790M', tumorType: 'lung adenocarcinoma' })).out;
    expect(levels(t790m)).toEqual(['osimertinib@1']);
    expect(t790m.resistance.map((t) => `${t.drugs[0]}@${t.level}`)).toContain('erlotinib@R1');
  });

  it('NSCLC: ALK, MET exon 14, KRAS G12C and HER2 mutations map to their approvals', async () => {
    const alk = (await ask({ alteration: 'EML4-ALK', tumorType: 'NSCLC' })).out;
    expect(alk.query.normalised.gene).toBe('ALK');
    expect(levels(alk)).toEqual(expect.arrayContaining(['alectinib@1', 'lorlatinib@1']));
    const met = (await ask({ gene: 'MET', alteration: 'exon 14 skipping', tumorType: 'NSCLC' })).out;
    expect(levels(met)).toEqual(['tepotinib@1', 'capmatinib@1', 'crizotinib@2']);
    const g12c = (await ask({ gene: 'KRAS', alteration: 'G12C', tumorType: 'NSCLC' })).out;
    expect(levels(g12c).slice(0, 2).sort()).toEqual(['adagrasib@1', 'sotorasib@1']);
    const her2 = (await ask({ gene: 'ERBB2', alteration: 'Y772_A775dup', tumorType: 'NSCLC' })).out;
    expect(levels(her2)[0]).toBe('trastuzumab deruxtecan@1');
  });

  it('returns an error result, not a guess, for unreadable input', async () => {
    const noGene = await ask({ alteration: 'V600E', tumorType: 'CRC' });
    expect(noGene.status).toBe('error');
    expect(noGene.message).toMatch(/gene is required/);
    const cdna = await ask({ gene: 'BRAF', alteration: 'c.1799T>A' });
    expect(cdna.status).toBe('error');
    expect(cdna.message).toMatch(/Cannot read alteration/);
  });
});
