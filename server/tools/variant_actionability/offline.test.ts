// Known answers from the bundled offline knowledge, run through the tool as the agent calls it (no token configured).
import { describe, expect, it } from 'vitest';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { type ActionabilityOutput, variantActionabilityTool } from '.';

async function ask(args: Record<string, unknown>) {
  const result = await runTool(variantActionabilityTool, args, { config: readToolConfig({}) });
  return { ...result, out: result.output as ActionabilityOutput };
}

const regimens = (out: ActionabilityOutput, level?: string) =>
  out.therapies.filter((t) => !level || t.level === level).map((t) => t.drugs.join(' + ').toLowerCase());

describe('variant_actionability offline: known answers', () => {
  it('BRAF V600E colorectal → encorafenib + cetuximab level 1, and no dabrafenib + trametinib', async () => {
    const { status, out } = await ask({ gene: 'BRAF', alteration: 'V600E', tumorType: 'colorectal cancer' });
    expect(status).toBe('ok');
    expect(out.source).toBe('offline');
    expect(out.oncogenicity).toBe('Oncogenic');
    expect(out.highestSensitiveLevel).toBe('1');
    expect(regimens(out, '1')).toEqual(
      expect.arrayContaining(['encorafenib + cetuximab', 'encorafenib + cetuximab + mfolfox6'])
    );
    expect(out.therapies.find((t) => t.drugs.join() === 'encorafenib,cetuximab')).toMatchObject({
      matchType: 'this tumour type',
      source: 'FDA label (2020)',
      year: 2020,
    });
    expect(regimens(out).some((r) => r.includes('dabrafenib'))).toBe(false);
    expect(out.notes.join(' ')).toMatch(/dabrafenib \+ trametinib not listed: .*intrinsically resistant/);
    expect(out.summary).toMatch(/^BRAF V600E in colorectal cancer is Oncogenic; highest sensitive level 1: /);
  });

  it('BRAF V600E without a tumour type: tumour-agnostic level 1 carries its CRC exclusion, with a warning', async () => {
    const { out, warnings } = await ask({ gene: 'BRAF', alteration: 'V600E' });
    expect(out.therapies[0]).toMatchObject({
      drugs: ['dabrafenib', 'trametinib'],
      level: '1',
      tumorType: 'All solid tumours',
    });
    expect(out.therapies[0].note).toMatch(/Not indicated in: Colorectal cancer\./);
    expect(warnings?.[0]).toMatch(/No tumour type given/);
  });

  it('KRAS G12C colorectal → sotorasib + panitumumab and adagrasib + cetuximab (level 1), anti-EGFR R1', async () => {
    const { out } = await ask({ gene: 'KRAS', alteration: 'p.G12C', tumorType: 'CRC' });
    expect(regimens(out, '1')).toEqual(expect.arrayContaining(['sotorasib + panitumumab', 'adagrasib + cetuximab']));
    expect(out.resistance.map((t) => t.drugs[0])).toEqual(expect.arrayContaining(['cetuximab', 'panitumumab']));
    expect(out.highestResistanceLevel).toBe('R1');
  });

  it('KRAS G12D colorectal → anti-EGFR resistance R1 and no sensitive level', async () => {
    const { out } = await ask({ gene: 'KRAS', alteration: 'G12D', tumorType: 'colorectal adenocarcinoma' });
    expect(out.oncogenicity).toBe('Oncogenic');
    expect(out.therapies).toEqual([]);
    expect(out.highestSensitiveLevel).toBeNull();
    expect(out.resistance.map((t) => [t.drugs[0], t.level])).toEqual([
      ['cetuximab', 'R1'],
      ['panitumumab', 'R1'],
    ]);
    expect(out.summary).toMatch(/no sensitive-level therapy; resistance level R1: cetuximab; panitumumab/);
  });

  it('BRAF V600E cholangiocarcinoma → dabrafenib + trametinib level 1 (tumour-agnostic)', async () => {
    const { out } = await ask({ gene: 'BRAF', alteration: 'V600E', tumorType: 'cholangiocarcinoma' });
    const dt = out.therapies.find((t) => t.drugs.join(' + ') === 'dabrafenib + trametinib');
    expect(dt).toMatchObject({ level: '1', matchType: 'this tumour type', tumorType: 'All solid tumours', year: 2022 });
    // The CRC-only regimens are other-tumour evidence here.
    expect(out.therapies.find((t) => t.drugs.join(' + ') === 'encorafenib + cetuximab')?.level).toBe('3B');
  });

  it('ROS1 fusion in cholangiocarcinoma → level 3B from NSCLC drugs', async () => {
    const { out } = await ask({ gene: 'ROS1', alteration: 'fusion', tumorType: 'intrahepatic cholangiocarcinoma' });
    expect(out.highestSensitiveLevel).toBe('3B');
    expect(out.therapies.every((t) => t.level === '3B' && t.matchType === 'other tumour type')).toBe(true);
    expect(regimens(out)).toEqual(expect.arrayContaining(['crizotinib', 'entrectinib', 'repotrectinib']));
    expect(out.therapies[0].tumorType).toBe('Non-small cell lung cancer');
  });

  it('MSI-H in any tumour → pembrolizumab level 1, with or without a gene or tumour type', async () => {
    for (const args of [
      { alteration: 'MSI-H', tumorType: 'gastric cancer' },
      { alteration: 'dMMR' },
      { gene: 'MLH1', alteration: 'dMMR', tumorType: 'any solid tumour' },
    ]) {
      const { status, out } = await ask(args);
      expect(status).toBe('ok');
      expect(out.therapies.find((t) => t.drugs.join() === 'pembrolizumab')).toMatchObject({
        level: '1',
        matchType: 'this tumour type',
      });
      expect(out.oncogenicity).toBe('Not applicable');
    }
    const none = await ask({ alteration: 'MSI-H' });
    expect(none.warnings?.join(' ')).toMatch(/No tumour type given/);
  });

  it('TMB-H → pembrolizumab level 1 (2020); low TMB is a result with no therapy', async () => {
    const high = await ask({ alteration: 'TMB 14 mut/Mb', tumorType: 'pancreatic adenocarcinoma' });
    expect(high.out.therapies[0]).toMatchObject({ drugs: ['pembrolizumab'], level: '1', year: 2020 });
    const low = await ask({ alteration: 'TMB 4 mut/Mb', tumorType: 'pancreatic adenocarcinoma' });
    expect(low.out.therapies).toEqual([]);
    expect(low.out.oncogenicity).toBe('Not applicable');
  });

  it('unknown gene → Unknown with no therapies, and says absence is not evidence', async () => {
    const { status, out } = await ask({ gene: 'FOO1', alteration: 'A123T', tumorType: 'colorectal cancer' });
    expect(status).toBe('ok');
    expect(out).toMatchObject({ oncogenicity: 'Unknown', therapies: [], resistance: [], highestSensitiveLevel: null });
    expect(out.summary).toMatch(/not found in bundled offline knowledge .*not evidence that it is not actionable/);
  });

  it('normalisation: p.Val600Glu equals V600E and CRC equals colorectal cancer', async () => {
    const a = (await ask({ gene: 'braf', alteration: 'p.Val600Glu', tumorType: 'CRC' })).out;
    const b = (await ask({ gene: 'BRAF', alteration: 'V600E', tumorType: 'colorectal cancer' })).out;
    expect(a.query.normalised).toEqual(b.query.normalised);
    expect(a.query.normalised).toMatchObject({
      gene: 'BRAF',
      alteration: 'V600E',
      tumourType: 'colorectal',
      oncotreeCode: 'COADREAD',
    });
    expect({ ...a, query: undefined }).toEqual({ ...b, query: undefined });
  });
});
