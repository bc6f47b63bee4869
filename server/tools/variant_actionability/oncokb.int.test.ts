// variant_actionability against a local server speaking OncoKB: endpoints, token header, mapping, retries and fallbacks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Script, type ScriptedServer, sendJson, startScriptedServer } from '../../net/scripted-server';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { type ActionabilityOutput, variantActionabilityTool } from '.';
import { BRAF_V600E_CRC, KRAS_G12D_CRC, UNKNOWN_VARIANT } from './testdata/oncokb-responses';

const TOKEN = 'test-token-9f8e7d';

/** A well-behaved OncoKB: rejects a wrong token, answers BRAF/KRAS mutations, amplifications and fusions. */
const oncokb: Script = (req, res) => {
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return sendJson(res, 401, { title: 'Unauthorized', status: 401 });
  if (req.headers.accept !== 'application/json') return sendJson(res, 406, { title: 'Not Acceptable' });
  const q = Object.fromEntries(req.query);
  if (req.path === '/api/v1/annotate/mutations/byProteinChange') {
    if (q.hugoSymbol === 'BRAF' && q.alteration === 'V600E') return sendJson(res, 200, BRAF_V600E_CRC);
    if (q.hugoSymbol === 'KRAS' && q.alteration === 'G12D') return sendJson(res, 200, KRAS_G12D_CRC);
    return sendJson(res, 200, UNKNOWN_VARIANT);
  }
  if (req.path === '/api/v1/annotate/copyNumberAlterations' || req.path === '/api/v1/annotate/structuralVariants') {
    return sendJson(res, 200, UNKNOWN_VARIANT);
  }
  sendJson(res, 404, { title: 'Not Found' });
};

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer(oncokb);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setScript(oncokb);
});

async function ask(args: Record<string, unknown>, env: Record<string, string> = {}) {
  const config = readToolConfig({ ONCOKB_TOKEN: TOKEN, ONCOKB_BASE_URL: `${server.url}/api/v1`, ...env });
  const result = await runTool(variantActionabilityTool, args, { config });
  return { ...result, out: result.output as ActionabilityOutput };
}

describe('variant_actionability with OncoKB', () => {
  it('sends the mutation query with the token and maps levels, drugs, cancer types and version', async () => {
    const { status, out, warnings } = await ask({ gene: 'braf', alteration: 'p.Val600Glu', tumorType: 'CRC' });
    expect(status).toBe('ok');
    expect(warnings).toBeUndefined();
    const [req] = server.requests;
    expect(req.path).toBe('/api/v1/annotate/mutations/byProteinChange');
    expect(Object.fromEntries(req.query)).toEqual({ hugoSymbol: 'BRAF', alteration: 'V600E', tumorType: 'COADREAD' });
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(out).toMatchObject({
      source: 'oncokb',
      knowledgeVersion: 'OncoKB v4.24 (02/14/2025)',
      oncogenicity: 'Oncogenic',
      effect: 'Gain-of-function',
      highestSensitiveLevel: '1',
      highestResistanceLevel: null,
      highestFdaLevel: 'LEVEL_Fda2',
    });
    // Diagnostic levels are not therapies; 3B is evidence from another tumour type.
    expect(out.therapies).toEqual([
      expect.objectContaining({
        drugs: ['encorafenib', 'cetuximab'],
        level: '1',
        tumorType: 'Colorectal Cancer',
        matchType: 'this tumour type',
        pmids: ['99000001'],
      }),
      expect.objectContaining({
        drugs: ['dabrafenib', 'trametinib'],
        level: '3B',
        tumorType: 'Non-Small Cell Lung Cancer',
        matchType: 'other tumour type',
      }),
    ]);
    expect(out.therapies[0].note).toMatch(/previously treated/);
    expect(out.summary).toMatch(
      /^BRAF V600E in colorectal cancer is Oncogenic; highest sensitive level 1: encorafenib \+ cetuximab \(OncoKB v4\.24/
    );
  });

  it('maps resistance-only answers (KRAS G12D in CRC → R1, no sensitive level)', async () => {
    const { out } = await ask({ gene: 'KRAS', alteration: 'G12D', tumorType: 'colorectal cancer' });
    expect(out.therapies).toEqual([]);
    expect(out.highestSensitiveLevel).toBeNull();
    expect(out.resistance.map((t) => `${t.drugs[0]}@${t.level}`)).toEqual(['cetuximab@R1', 'panitumumab@R1']);
  });

  it('uses the copy-number, structural-variant and biomarker forms of the query', async () => {
    await ask({ gene: 'HER2', alteration: 'amplification', tumorType: 'gastric cancer' });
    await ask({ alteration: 'EML4-ALK fusion', tumorType: 'NSCLC' });
    await ask({ gene: 'FGFR2', alteration: 'fusion', tumorType: 'cholangiocarcinoma' });
    await ask({ alteration: 'MSI-H', tumorType: 'pancreatic cancer' });
    await ask({ gene: 'EGFR', alteration: 'exon 19 deletion', tumorType: 'rare tumour X' });
    await ask({ alteration: 'TMB-H', tumorType: 'any solid tumour' });
    const seen = server.requests.map((r) => [r.path.replace('/api/v1/annotate/', ''), Object.fromEntries(r.query)]);
    expect(seen).toEqual([
      ['copyNumberAlterations', { hugoSymbol: 'ERBB2', copyNameAlterationType: 'AMPLIFICATION', tumorType: 'EGC' }],
      [
        'structuralVariants',
        {
          hugoSymbolA: 'EML4',
          hugoSymbolB: 'ALK',
          structuralVariantType: 'FUSION',
          isFunctionalFusion: 'true',
          tumorType: 'NSCLC',
        },
      ],
      [
        'structuralVariants',
        { hugoSymbolA: 'FGFR2', structuralVariantType: 'FUSION', isFunctionalFusion: 'true', tumorType: 'CHOL' },
      ],
      ['mutations/byProteinChange', { hugoSymbol: 'Other Biomarkers', alteration: 'MSI-H', tumorType: 'PAAD' }],
      [
        'mutations/byProteinChange',
        { hugoSymbol: 'EGFR', alteration: 'Exon 19 in-frame deletions', tumorType: 'rare tumour X' },
      ],
      ['mutations/byProteinChange', { hugoSymbol: 'Other Biomarkers', alteration: 'TMB-H' }],
    ]);
  });

  it('an unknown alteration stays Unknown, with a warning when the offline knowledge knows it', async () => {
    const unknownBoth = await ask({ gene: 'FOO1', alteration: 'A123T', tumorType: 'CRC' });
    expect(unknownBoth.out).toMatchObject({ source: 'oncokb', oncogenicity: 'Unknown', therapies: [] });
    expect(unknownBoth.warnings).toBeUndefined();
    const known = await ask({ gene: 'FGFR2', alteration: 'fusion', tumorType: 'cholangiocarcinoma' });
    expect(known.warnings?.[0]).toMatch(/OncoKB returned no annotation .* Oncogenic with highest level 1/);
  });

  it('does not call OncoKB in offline mode or for protein expression', async () => {
    const offline = await ask({ gene: 'BRAF', alteration: 'V600E', tumorType: 'CRC' }, { ONCOAGENT_OFFLINE: '1' });
    expect(offline.out.source).toBe('offline');
    const ihc = await ask({ gene: 'HER2', alteration: 'IHC 3+', tumorType: 'biliary tract cancer' });
    expect(ihc.out.source).toBe('offline');
    expect(ihc.warnings?.[0]).toMatch(/not protein expression/);
    expect(server.requests).toHaveLength(0);
  });
});
