// The tnm_stage tool returns the stage group with the deciding rule, reports invalid categories or sites as errors,
// and lists each site's valid categories in its parameter descriptions.
import { describe, expect, it } from 'vitest';
import { readToolConfig } from '../config';
import { runTool, toolSpec } from '../run-tool';
import { tnmStageTool } from './index';

const ctx = { config: readToolConfig({}) };

describe('tnm_stage tool', () => {
  it('returns the stage group with the deciding rule', async () => {
    const run = await runTool(tnmStageTool, { site: 'lung', t: 'pT2b', n: 'pN0', m: 'cM0' }, ctx);
    expect(run.status).toBe('ok');
    expect(run.output).toMatchObject({
      site: 'lung',
      edition: 'AJCC 8th',
      t: 'T2b',
      n: 'N0',
      m: 'M0',
      stageGroup: 'IIA',
      prefixes: { t: 'p', n: 'p', m: 'c' },
      rule: 'AJCC 8th Lung (non-small cell carcinoma): T2b N0 M0 → IIA',
    });
  });

  it('returns invalid categories and unstageable combinations as errors', async () => {
    const bad = await runTool(tnmStageTool, { site: 'pancreas', t: 'T1mi', n: 'N0', m: 'M0' }, ctx);
    expect(bad).toMatchObject({ status: 'error', message: expect.stringMatching(/valid: TX, T0, Tis, T1, T1a/) });
    const site = await runTool(tnmStageTool, { site: 'stomach', t: 'T1', n: 'N0', m: 'M0' }, ctx);
    expect(site.status).toBe('error');
    expect(site.message).toMatch(/Invalid arguments for tnm_stage/);
  });

  it('lists each site’s categories in the parameter descriptions', () => {
    const schema = toolSpec(tnmStageTool).parameters as { properties: Record<string, { description: string }> };
    expect(schema.properties.t!.description).toContain('lung: TX, T0, Tis, T1mi, T1, T1a');
    expect(schema.properties.n!.description).toContain('colorectal: NX, N0, N1, N1a, N1b, N1c, N2, N2a, N2b');
    expect(schema.properties.m!.description).toContain('liver: M0, M1');
  });
});
