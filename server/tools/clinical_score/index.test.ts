// The clinical_score tool dispatches each score, returns schema and input problems as error results, carries the BCLC
// liver-function assumption to the UI, and publishes one JSON Schema branch per score.
import { describe, expect, it } from 'vitest';
import { ScoreResult } from '../../../common/contracts/tools/clinical-score';
import { readToolConfig } from '../config';
import { runTool, toolSpec } from '../run-tool';
import { clinicalScoreTool } from './index';

const ctx = { config: readToolConfig({}) };

describe('clinical_score tool', () => {
  it('dispatches on score', async () => {
    const cases: [unknown, unknown][] = [
      [
        {
          score: 'child_pugh',
          bilirubin: { value: 2.5, unit: 'mg/dL' },
          albumin: { value: 3, unit: 'g/dL' },
          inr: 1.8,
          ascites: 'mild',
          encephalopathy: 'none',
        },
        9,
      ],
      [{ score: 'albi', bilirubin: { value: 10, unit: 'µmol/L' }, albumin: { value: 40, unit: 'g/L' } }, -2.74],
      [
        {
          score: 'bclc',
          tumourCount: 1,
          largestTumourCm: 3,
          vascularInvasion: false,
          extrahepaticSpread: false,
          ecog: 0,
          childPughClass: 'A',
        },
        'A',
      ],
      [{ score: 'ecog_karnofsky', karnofsky: 60 }, 'ECOG 2'],
      [
        {
          score: 'crcl_cockcroft_gault',
          ageYears: 60,
          weightKg: 72,
          creatinine: { value: 1, unit: 'mg/dL' },
          sex: 'male',
        },
        80,
      ],
      [{ score: 'bsa_mosteller', heightCm: 180, weightKg: 80 }, 2],
    ];
    for (const [args, value] of cases) {
      const run = await runTool(clinicalScoreTool, args, ctx);
      expect(run.status, JSON.stringify(run)).toBe('ok');
      expect((run.output as { value: unknown }).value).toBe(value);
    }
  });

  it('returns schema and input problems as error results', async () => {
    const badUnit = await runTool(
      clinicalScoreTool,
      { score: 'albi', bilirubin: { value: 1, unit: 'mg%' }, albumin: { value: 40, unit: 'g/L' } },
      ctx
    );
    expect(badUnit.status).toBe('error');
    expect(badUnit.message).toMatch(/bilirubin\.unit/);
    const unknown = await runTool(clinicalScoreTool, { score: 'meld' }, ctx);
    expect(unknown.status).toBe('error');
    const contradictory = await runTool(
      clinicalScoreTool,
      {
        score: 'bclc',
        tumourCount: 1,
        largestTumourCm: 3,
        vascularInvasion: false,
        extrahepaticSpread: false,
        ecog: 0,
        childPughClass: 'C',
        liverFunctionPreserved: true,
      },
      ctx
    );
    expect(contradictory).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Contradictory liver function/),
    });
  });

  it('carries the BCLC liver-function assumption through the output contract the UI reads', async () => {
    const args = {
      score: 'bclc',
      tumourCount: 1,
      largestTumourCm: 4.4,
      vascularInvasion: false,
      extrahepaticSpread: false,
      ecog: 0,
      childPughClass: 'B',
    };
    const open = await runTool(clinicalScoreTool, args, ctx);
    expect(open.status).toBe('ok');
    const card = ScoreResult.parse(open.output);
    expect(card.value).toBe('A or D');
    expect(card.assumptions?.[0]).toMatch(/^Needed: a clinical judgement of liver function for Child-Pugh B/);
    const judged = ScoreResult.parse(
      (await runTool(clinicalScoreTool, { ...args, liverFunctionPreserved: true }, ctx)).output
    );
    expect(judged.value).toBe('A');
    expect(judged.assumptions?.[0]).toMatch(/taken as preserved although Child-Pugh class is B/);
  });

  it('publishes an object-rooted JSON Schema with one branch per score', () => {
    const schema = toolSpec(clinicalScoreTool).parameters as {
      type: string;
      oneOf: { properties: { score: { const: string } } }[];
    };
    expect(schema.type).toBe('object');
    expect(schema.oneOf.map((b) => b.properties.score.const)).toEqual([
      'child_pugh',
      'albi',
      'bclc',
      'ecog_karnofsky',
      'crcl_cockcroft_gault',
      'bsa_mosteller',
    ]);
  });
});
