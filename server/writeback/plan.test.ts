// The plan a clinician reviews: deterministic for a workup, honest about what it cannot write, and consistent
// when items are unticked (no reference to anything left out).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Bundle,
  DiagnosticReport,
  Observation,
  Provenance,
  Questionnaire,
  QuestionnaireResponse,
} from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult, WritebackPlan } from '../../common/contracts';
import { FINDING_SYSTEM, WORKUP_ITEM_SYSTEM } from '../../common/writeback/systems';
import { CRC_FOLLOW_UP } from '../sandbox/demo/crc-metastatic-imaging';
import { generatePhantomSlice } from '../sandbox/dicom/phantom';
import { lesionBoxPx, lesionKeySlice } from '../sandbox/dicom/phantom-spec';
import { readToolConfig } from '../tools/config';
import { runTool } from '../tools/run-tool';
import { segmentLesionTool } from '../tools/segment_lesion';
import { buildPlan } from './plan';
import { PROFILES_DIR } from './profiles';
import { synopticObservations } from './synoptic-observations';
import { OFFLINE_PATIENT, offlineWorkup } from './testing/offline-workup';

let workup: WorkupResult;
let plan: WritebackPlan;
beforeAll(async () => {
  workup = await offlineWorkup();
  plan = buildPlan({ workup });
});

const resources = (bundle: Bundle) => bundle.entry!.map((e) => e.resource!);
const byType = <T>(bundle: Bundle, type: string): T[] =>
  resources(bundle).filter((r) => r.resourceType === type) as T[];

describe('buildPlan', () => {
  it('writes every item as a preliminary, AI-labelled conditional create keyed by workup and item', () => {
    expect(plan.valid).toBe(true);
    expect(plan.signed).toBe(false);
    for (const e of plan.bundle.entry!) {
      expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(e.request).toMatchObject({ method: 'POST', url: e.resource!.resourceType });
    }
    for (const o of byType<Observation>(plan.bundle, 'Observation')) {
      expect(o.status).toBe('preliminary');
      expect(o.meta?.security).toContainEqual(expect.objectContaining({ code: 'AIAST' }));
      const value = o.identifier!.find(
        (i) => i.system === 'https://oncoagent.example/fhir/identifier/workup-item'
      )!.value;
      expect(value).toMatch(/^wk-offline-1:(recist|therapy|tnm):/);
    }
    expect(plan.bundle.entry![0].request!.ifNoneExist).toBe(
      'identifier=https://oncoagent.example/fhir/identifier/device|oncoagent-agent%400.1.0'
    );
  });

  it('gives the same plan for the same workup and other identifiers for another workup', () => {
    expect(buildPlan({ workup }).bundle).toEqual(plan.bundle);
    const other = buildPlan({ workup: { ...workup, id: 'wk-offline-2' } });
    expect(other.bundle.entry![1].fullUrl).not.toBe(plan.bundle.entry![1].fullUrl);
  });

  it('states what it cannot write and why, instead of inventing a source', () => {
    expect(plan.notWritten).toEqual([
      {
        group: 'AI biomarker predictions',
        text: expect.stringMatching(/^MSI predicted MSS/),
        reason: 'the feature bag is not a DocumentReference of the record',
      },
      {
        group: 'AI biomarker predictions',
        text: expect.stringMatching(/^KRAS predicted/),
        reason: 'the feature bag is not a DocumentReference of the record',
      },
      {
        group: 'AI biomarker predictions',
        text: expect.stringMatching(/^BRAF predicted BRAF V600E/),
        reason: 'the feature bag is not a DocumentReference of the record',
      },
    ]);
  });

  it('does not write a measurement made on a file outside the record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writeback-'));
    try {
      const lesion = CRC_FOLLOW_UP.lesions[0];
      const path = join(dir, 'slice.dcm');
      writeFileSync(path, generatePhantomSlice(CRC_FOLLOW_UP, lesionKeySlice(CRC_FOLLOW_UP, lesion)).bytes);
      const args = { image: path, box: lesionBoxPx(CRC_FOLLOW_UP, lesion), overlay: 'none' };
      const run = await runTool(segmentLesionTool, args, { config: readToolConfig({}) });
      expect(run.status).toBe('ok');
      const call = { id: 's1', tool: 'segment_lesion', args, status: run.status, output: run.output, ms: run.ms };
      const withFile = buildPlan({ workup: { ...workup, toolCalls: [...workup.toolCalls, call] } });
      expect(withFile.notWritten).toContainEqual({
        group: 'Imaging measurements',
        text: 'Lesion measurement liver-seg7',
        reason: 'the image is not an ImagingStudy instance or DocumentReference of the record',
      });
      expect(withFile.bundle).toEqual(plan.bundle);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('links staging to the cited Condition and the implication to the cited variant', () => {
    const obs = byType<Observation>(plan.bundle, 'Observation');
    const group = obs.find((o) => o.code.coding?.[0].code === '399588009')!;
    expect(group.valueCodeableConcept?.text).toBe('IIIB');
    expect(group.focus).toEqual([{ reference: `Condition/${OFFLINE_PATIENT}-primary` }]);
    expect(group.hasMember).toHaveLength(3);
    const implication = obs.find((o) => o.code.coding?.[0].code === 'therapeutic-implication')!;
    expect(implication.derivedFrom).toEqual([{ reference: `Observation/${OFFLINE_PATIENT}-braf` }]);
    const report = byType<DiagnosticReport>(plan.bundle, 'DiagnosticReport')[0];
    expect(report.result).toHaveLength(obs.length);
    const provenance = byType<Provenance>(plan.bundle, 'Provenance')[0];
    expect(provenance.target).toHaveLength(obs.length + 1);
  });

  it('drops references to unticked items and keeps the summary complete', () => {
    const t = plan.summary.find((s) => s.text.startsWith('T category'))!;
    const keep = plan.summary.filter((s) => !s.required && s.key !== t.key).map((s) => s.key);
    const partial = buildPlan({ workup, include: keep });
    expect(partial.valid).toBe(true);
    expect(partial.summary.find((s) => s.key === t.key)?.included).toBe(false);
    const text = JSON.stringify(partial.bundle);
    expect(text).not.toContain(t.fullUrl);
    const group = byType<Observation>(partial.bundle, 'Observation').find(
      (o) => o.code.coding?.[0].code === '399588009'
    )!;
    expect(group.hasMember).toHaveLength(2);
  });

  it('writes nothing, not even Devices, when nothing is ticked', () => {
    const none = buildPlan({ workup, include: [] });
    expect(none.bundle.entry).toEqual([]);
    expect(none.valid).toBe(false);
    expect(none.outcome.issue?.[0].details?.text).toBe('The plan writes nothing');
  });

  it("lists each tool's items in the registry's order and names the variant knowledge in the Provenance", () => {
    const groups = plan.summary.filter((s) => !s.required).map((s) => s.group);
    // The offline prediction is on an inline bag, so it is listed as not written rather than here.
    expect([...new Set(groups)]).toEqual(['Response assessment', 'Therapy matches', 'Staging', 'Workup report']);
    const provenance = byType<Provenance>(plan.bundle, 'Provenance')[0];
    const knowledge = provenance.entity!.flatMap((e) => e.what.identifier?.value ?? []);
    expect(knowledge.filter((v) => v.startsWith('variant-knowledge:'))).toEqual([
      expect.stringMatching(/^variant-knowledge:offline@/),
    ]);
  });

  it('takes a synoptic form and its Observations, rewriting their references to the plan', () => {
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      id: 'qr1',
      questionnaire: 'https://oncoagent.example/fhir/Questionnaire/ajcc8-lung-resection|0.1.0',
      status: 'completed',
      subject: { reference: `Patient/${OFFLINE_PATIENT}` },
      item: [{ linkId: 'pT', answer: [{ valueCoding: { code: 'pT2a' } }] }],
    };
    const observation: Observation = {
      resourceType: 'Observation',
      id: 'o1',
      status: 'final',
      code: { coding: [{ system: 'http://snomed.info/sct', code: '384625004' }], text: 'pT category' },
      valueCodeableConcept: { text: 'pT2a' },
      derivedFrom: [{ reference: 'QuestionnaireResponse/qr1' }],
    };
    const withForm = buildPlan({ workup, synoptic: { questionnaireResponse: response, observations: [observation] } });
    expect(withForm.valid).toBe(true);
    const qrEntry = withForm.bundle.entry!.find((e) => e.resource!.resourceType === 'QuestionnaireResponse')!;
    const qr = qrEntry.resource as QuestionnaireResponse;
    expect(qr).toMatchObject({ status: 'in-progress', identifier: { system: FINDING_SYSTEM } });
    expect(qr.meta?.tag).toContainEqual({
      system: WORKUP_ITEM_SYSTEM,
      code: 'wk-offline-1:synoptic:ajcc8-lung-resection',
    });
    const obs = withForm.bundle
      .entry!.map((e) => e.resource as Observation)
      .find((o) => o.valueCodeableConcept?.text === 'pT2a')!;
    expect(obs).toMatchObject({ status: 'preliminary', subject: { reference: `Patient/${OFFLINE_PATIENT}` } });
    expect(obs.derivedFrom).toEqual([{ reference: qrEntry.fullUrl }]);
    expect(withForm.summary.filter((s) => s.group === 'Synoptic pathology').map((s) => s.text)).toEqual([
      'Synoptic form ajcc8-lung-resection: 1 answered items',
      'pT category: pT2a',
    ]);
  });

  it('writes the lung TNM Observations extracted from a synoptic form under the TNM profiles', () => {
    const questionnaire = JSON.parse(
      readFileSync(join(PROFILES_DIR, 'Questionnaire', 'ajcc8-lung-resection.json'), 'utf8')
    ) as Questionnaire;
    const answer = (linkId: string, cs: string, code: string) => ({
      linkId,
      answer: [{ valueCoding: { system: `https://oncoagent.example/fhir/CodeSystem/${cs}`, code, display: code } }],
    });
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      id: 'qr-lung',
      questionnaire: questionnaire.url,
      status: 'completed',
      subject: { reference: `Patient/${OFFLINE_PATIENT}` },
      authored: '2026-11-20T08:00:00Z',
      item: [
        answer('pT', 'lung-pt', 'T2a'),
        answer('pN', 'lung-pn', 'N1'),
        answer('pM', 'lung-pm', 'M0'),
        answer('stage-group', 'lung-stage-group', 'IIB'),
      ],
    };
    const { observations } = synopticObservations(questionnaire, response);
    const withForm = buildPlan({ workup, synoptic: { questionnaireResponse: response, observations } });
    expect(withForm.outcome.issue?.filter((i) => i.severity === 'error')).toEqual([]);
    const qrUrl = withForm.bundle.entry!.find((e) => e.resource!.resourceType === 'QuestionnaireResponse')!.fullUrl;
    const entries = withForm.bundle.entry!.filter((e) =>
      (e.resource as Observation).derivedFrom?.some((d) => d.reference === qrUrl)
    );
    expect(entries.map((e) => (e.resource as Observation).valueCodeableConcept?.text)).toEqual([
      'pT2a',
      'pN1',
      'M0',
      'IIB',
    ]);
    const group = entries.at(-1)!.resource as Observation;
    expect(group.hasMember?.map((m) => m.reference)).toEqual(entries.slice(0, 3).map((e) => e.fullUrl));
  });

  it('refuses a synoptic form about another patient and a workup without a usable date', () => {
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      subject: { reference: 'Patient/other' },
    };
    expect(() => buildPlan({ workup, synoptic: { questionnaireResponse: response } })).toThrow(
      `The synoptic QuestionnaireResponse is about Patient/other, the workup about Patient/${OFFLINE_PATIENT}`
    );
    expect(() => buildPlan({ workup: { ...workup, createdAt: 'yesterday' } })).toThrow(
      'workup.createdAt is not a date: yesterday'
    );
  });
});
