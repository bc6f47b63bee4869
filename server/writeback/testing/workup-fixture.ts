// Test fixture: a realistic WorkupResult for sandbox patient demo-crc-met, made by running the real tools in-process
// against the sandbox (segmentation of the CT phantoms, RECIST, a histology prediction on a synthetic feature bag,
// offline variant knowledge, TNM), with findings and evidence citing them the way the agent does.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DocumentReference } from '@medplum/fhirtypes';
import type { EvidenceItem, Finding, WorkupResult, WorkupToolCall } from '../../../common/contracts';
import { encodeNpy } from '../../../common/npy/npy';
import { createFhirClient } from '../../fhir/fhir-client';
import { CRC_BASELINE, CRC_FOLLOW_UP } from '../../sandbox/demo/crc-metastatic-imaging';
import { isoDate } from '../../sandbox/demo/imaging';
import { demoId } from '../../sandbox/demo/portable';
import { lesionBoxPx, lesionKeySlice } from '../../sandbox/dicom/phantom-spec';
import { assessResponseTool } from '../../tools/assess_response';
import { readToolConfig } from '../../tools/config';
import { predictBiomarkersTool } from '../../tools/predict_biomarkers';
import { makeSyntheticBag } from '../../tools/predict_biomarkers/synthetic-bag';
import { runTool } from '../../tools/run-tool';
import { type SegmentLesionOutput, segmentLesionTool } from '../../tools/segment_lesion';
import { tnmStageTool } from '../../tools/tnm_stage';
import type { Tool, ToolContext } from '../../tools/types';
import { variantActionabilityTool } from '../../tools/variant_actionability';

export const FIXTURE_PATIENT = demoId('demo-crc-met');

/** A guideline passage from the repository's knowledge corpus: the first paragraph under a heading. */
function passage(n: number, sourceId: string, heading: string): EvidenceItem {
  const text = readFileSync(resolve(import.meta.dirname, `../../../knowledge/${sourceId}.md`), 'utf8');
  const front = (key: string) => new RegExp(`^${key}: "?(.*?)"?$`, 'm').exec(text)?.[1];
  const body = text.split(`## ${heading}\n`)[1]?.split('\n## ')[0]?.trim() ?? '';
  if (!body) throw new Error(`No section "${heading}" in knowledge/${sourceId}.md`);
  return {
    n,
    sourceId,
    title: front('title') ?? sourceId,
    section: heading,
    text: body.split('\n\n')[0].slice(0, 800),
    source: front('source'),
    year: Number(front('year')) || undefined,
    url: front('url'),
  };
}

/** Uploads a synthetic H&E feature bag as a DocumentReference of the patient (the sandbox's own has none for him). */
async function uploadBag(fhirBase: string, token: string): Promise<string> {
  const bag = makeSyntheticBag({ seed: 20261119, n: 96, d: 64, positive: { KRAS: true } });
  const doc: DocumentReference = {
    resourceType: 'DocumentReference',
    status: 'current',
    subject: { reference: `Patient/${FIXTURE_PATIENT}` },
    type: { text: 'H&E whole-slide image tile feature matrix' },
    description: 'H&E tile features of the sigmoid biopsy (synthetic test data)',
    content: [
      {
        attachment: {
          contentType: 'application/x-npy',
          data: Buffer.from(encodeNpy(bag.shape, bag.data)).toString('base64'),
          title: 'tile-features.npy',
        },
      },
    ],
  };
  const res = await fetch(`${fhirBase}/DocumentReference`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
    body: JSON.stringify(doc),
  });
  if (res.status !== 201) throw new Error(`Uploading the feature bag failed: ${res.status} ${await res.text()}`);
  return `DocumentReference/${((await res.json()) as DocumentReference).id}`;
}

/**
 * Runs the tools against a running sandbox and assembles the WorkupResult the agent would return.
 * @param fhirBase - The sandbox FHIR base.
 * @param token - A token that may read the patient and create a DocumentReference (system/*.* in tests).
 * @param id - The workup id (plans of the same id are the same plan).
 * @returns The workup.
 */
export async function sandboxWorkup(fhirBase: string, token: string, id = 'wk-fixture-1'): Promise<WorkupResult> {
  const ctx: ToolContext = { config: readToolConfig({}), fhir: createFhirClient({ baseUrl: fhirBase, token }) };
  const calls: WorkupToolCall[] = [];
  const call = async <O>(tool: Tool<never, O>, args: unknown): Promise<{ id: string; output: O }> => {
    const run = await runTool(tool as unknown as Tool, args, ctx);
    const callId = `c${calls.length + 1}`;
    calls.push({
      id: callId,
      tool: tool.name,
      args,
      status: run.status,
      output: run.output,
      message: run.message,
      warnings: run.warnings,
      ms: run.ms,
    });
    if (run.status !== 'ok') throw new Error(`${tool.name} ${run.status}: ${run.message}`);
    return { id: callId, output: run.output as O };
  };
  const measured: Record<string, { id: string; output: SegmentLesionOutput }[]> = {};
  for (const spec of [CRC_BASELINE, CRC_FOLLOW_UP]) {
    for (const lesion of spec.lesions) {
      const sop = `${spec.seriesInstanceUid}.${lesionKeySlice(spec, lesion) + 1}`;
      const image = `ImagingStudy/${demoId(`demo-crc-met-ct-${isoDate(spec)}`)}/series/${spec.seriesInstanceUid}/instances/${sop}`;
      const seg = await call(segmentLesionTool as unknown as Tool<never, SegmentLesionOutput>, {
        image,
        box: lesionBoxPx(spec, lesion),
        overlay: 'none',
      });
      measured[lesion.id] = [...(measured[lesion.id] ?? []), seg];
    }
  }
  const targets = (i: number) =>
    Object.entries(measured).map(([lesion, m]) => ({
      id: lesion,
      site: 'liver',
      diameterMm: m[i].output.longestDiameterMm,
    }));
  const recist = await call(
    assessResponseTool as unknown as Tool<never, { category: string; changeFromBaselinePct: number }>,
    {
      baseline: targets(0),
      followUp: targets(1),
      newLesions: false,
    }
  );
  const bagRef = await uploadBag(fhirBase, token);
  const predicted = await call(
    predictBiomarkersTool as unknown as Tool<
      never,
      { predictions: { target: string; label: string; probability: number }[] }
    >,
    { features: bagRef }
  );
  const variant = await call(variantActionabilityTool as unknown as Tool<never, { summary: string }>, {
    gene: 'KRAS',
    alteration: 'G12D',
    tumorType: 'colorectal cancer',
  });
  const stage = await call(tnmStageTool as unknown as Tool<never, { stageGroup: string }>, {
    site: 'colorectal',
    t: 'cT3',
    n: 'cN1',
    m: 'cM1a',
  });

  const segIds = Object.values(measured)
    .flat()
    .map((m) => `tool:${m.id}`);
  const studies = [CRC_BASELINE, CRC_FOLLOW_UP].map(
    (s) => `record:ImagingStudy/${demoId(`demo-crc-met-ct-${isoDate(s)}`)}`
  );
  const findings: Finding[] = [
    {
      kind: 'response',
      text: `RECIST 1.1 ${recist.output.category}: sum of target diameters ${recist.output.changeFromBaselinePct > 0 ? '+' : ''}${recist.output.changeFromBaselinePct} % from baseline`,
      sources: [`tool:${recist.id}`, ...segIds, ...studies],
    },
    {
      kind: 'biomarker',
      text:
        predicted.output.predictions.map((p) => `${p.target}: ${p.label} (p=${p.probability})`).join('; ') +
        ' — demo model, not clinically validated',
      sources: [`tool:${predicted.id}`, `record:${bagRef}`],
    },
    {
      kind: 'alteration',
      text: variant.output.summary,
      sources: [`tool:${variant.id}`, `record:Observation/${FIXTURE_PATIENT}-kras`],
    },
    {
      kind: 'stage',
      text: `AJCC 8th stage group ${stage.output.stageGroup} (cT3 cN1 cM1a)`,
      sources: [`tool:${stage.id}`, `record:Condition/${FIXTURE_PATIENT}-sigmoid-adenocarcinoma`],
    },
  ];
  const evidence = [
    passage(1, 'recist-1-1', 'Target lesion response categories and thresholds in RECIST 1.1'),
    passage(2, 'crc-metastatic', 'Second-line systemic therapy for mCRC'),
  ];
  const markdown = [
    '## Response',
    `Both liver metastases grew: ${findings[0].text} [Tool] [1].`,
    '',
    '## Molecular',
    `${findings[2].text} [Tool]. Anti-EGFR antibodies are not an option [2].`,
    '',
    '## Staging',
    `${findings[3].text} [Patient].`,
  ].join('\n');
  return {
    id,
    patient: { id: FIXTURE_PATIENT, name: 'Thomas Brenner' },
    fhirBase,
    question: 'Confirm progression by RECIST and propose second-line therapy',
    mode: 'none',
    createdAt: '2026-11-19T10:45:00.000Z',
    toolCalls: calls,
    findings,
    evidence,
    answer: {
      markdown,
      statements: [
        { text: findings[0].text, citations: [1, `tool:${recist.id}`], supported: true },
        {
          text: 'Anti-EGFR antibodies are not an option.',
          citations: [2, `tool:${variant.id}`, `record:Observation/${FIXTURE_PATIENT}-kras`],
          supported: true,
        },
      ],
    },
    suggestions: ['Discuss second-line FOLFIRI with continued anti-VEGF or a clinical trial'],
    usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
    timings: { total: calls.reduce((s, c) => s + c.ms, 0) },
  };
}
