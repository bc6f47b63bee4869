// Guards the blind patient cases (tests/eval/blind/patients): they load as `oncoagent eval` reads them, every Bundle is a
// valid self-contained transaction for one patient, and every expected tool and truth is one the record and the
// standards' value sets allow, so a broken or inconsistent case fails here instead of skewing the evaluation.
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Bundle, DiagnosticReport, DocumentReference, ImagingStudy, Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeNpy } from '../../common/npy/npy';
import { TOOLS } from '../tools/registry';
import { hasErrors, validateAny } from '../writeback/validate';
import { EvalAgentCase } from './eval-agent';
import { Judgment } from './eval-citations';

const ROOT = resolve(__dirname, '../..');
const DIR = join(ROOT, 'tests/eval/blind/patients');
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const codesOf = (file: string): string[] => {
  const cs = json(join(ROOT, 'fhir-profiles', file)) as { concept?: { code: string }[]; compose?: unknown };
  const included = (cs.compose as { include?: { concept?: { code: string }[] }[] } | undefined)?.include ?? [];
  return [...(cs.concept ?? []), ...included.flatMap((i) => i.concept ?? [])].map((c) => c.code);
};

// The shape `oncoagent eval` parses, plus the blind corpus's own required fields.
const EvalCase = EvalAgentCase;
const BlindCase = EvalCase.extend({
  id: z.string().regex(/^BP\d{2}$/),
  question: z.string().min(10),
  completenessStatements: z.array(z.object({ text: z.string().min(10) })).min(1),
  cancerType: z.string().min(3),
  note: z.string().min(20),
  recordShape: z.array(z.string()).min(1),
  expectedStage: z.string().optional(),
  stageSite: z.string().optional(),
});
type BlindCase = z.infer<typeof BlindCase>;

const cases: BlindCase[] = z.array(BlindCase).parse(json(join(DIR, 'cases.json')));
const bundles = new Map(cases.map((c) => [c.id, json(join(DIR, `${c.id}.json`)) as Bundle]));
const resources = <T>(id: string, type: string): T[] =>
  (bundles.get(id)?.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];
const reportText = (r: DiagnosticReport): string =>
  (r.presentedForm ?? []).map((a) => Buffer.from(a.data ?? '', 'base64').toString('utf8')).join('\n');
const toolNames = new Set(TOOLS.map((t) => t.name));
const tnmSites = (
  z.toJSONSchema(TOOLS.find((t) => t.name === 'tnm_stage')?.parameters ?? z.object({})) as {
    properties?: { site?: { enum?: string[] } };
  }
).properties?.site?.enum;

describe('blind patient cases', () => {
  it('are at least 40, uniquely named, and parse as `oncoagent eval` cases with registered tools', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(z.array(EvalCase).safeParse(json(join(DIR, 'cases.json'))).success).toBe(true);
    for (const c of cases) for (const tool of Object.keys(c.expectedTools)) expect(toolNames, c.id).toContain(tool);
  });

  it('have relevance judgments of cited passages that parse and name known cases, each pair once', () => {
    const judgments = z.array(Judgment).parse(json(join(DIR, 'judgments.json')));
    const ids = new Set(cases.map((c) => c.id));
    for (const j of judgments) expect(ids, j.case).toContain(j.case);
    const pairs = judgments.map((j) => `${j.case} ${j.sourceId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(judgments.some((j) => j.relevant) && judgments.some((j) => !j.relevant)).toBe(true);
  });

  it('cover the GI cancers and lung named in the brief', () => {
    const types = new Set(cases.map((c) => c.cancerType));
    for (const t of ['colorectal', 'gastric', 'oesophageal', 'pancreatic', 'hepatocellular', 'cholangiocarcinoma'])
      expect(types).toContain(t);
    for (const t of ['lung', 'anal', 'GIST', 'neuroendocrine']) expect(types).toContain(t);
    expect(cases.filter((c) => c.cancerType === 'colorectal').length).toBeGreaterThanOrEqual(8);
  });

  it('ship one small, valid, self-contained POST transaction per case with exactly one Patient', () => {
    let total = 0;
    for (const c of cases) {
      const file = join(DIR, `${c.id}.json`);
      total += statSync(file).size;
      expect(statSync(file).size, c.id).toBeLessThan(1_000_000);
      const bundle = bundles.get(c.id) as Bundle;
      expect(bundle.type).toBe('transaction');
      const urls = (bundle.entry ?? []).map((e) => e.fullUrl ?? '');
      expect(new Set(urls).size, c.id).toBe(urls.length);
      for (const e of bundle.entry ?? []) {
        expect(e.fullUrl, c.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
        expect(e.request, c.id).toEqual({ method: 'POST', url: e.resource?.resourceType });
      }
      expect(resources(c.id, 'Patient'), c.id).toHaveLength(1);
      const refs = JSON.stringify(bundle).match(/"reference":"[^"]*"/g) ?? [];
      for (const ref of refs) expect(urls, `${c.id} ${ref}`).toContain(ref.slice(13, -1));
      const outcome = validateAny(bundle);
      expect(hasErrors(outcome), `${c.id}: ${JSON.stringify(outcome.issue?.[0])}`).toBe(false);
    }
    expect(total).toBeLessThan(3_000_000);
  });

  it('expect image tools only where the record holds images, one segmentation per boxed key image', () => {
    for (const c of cases) {
      const studies = resources<ImagingStudy>(c.id, 'ImagingStudy');
      expect((c.expectedTools.radiology_report ?? 0) > 0, c.id).toBe(studies.length > 0);
      const numbers = new Set(
        studies.flatMap((s) => (s.series ?? []).flatMap((x) => x.instance ?? []).map((i) => i.number))
      );
      const boxes = resources<DiagnosticReport>(c.id, 'DiagnosticReport').flatMap((r) => [
        ...reportText(r).matchAll(/image (\d+), Location: \[(\d+), (\d+), (\d+), (\d+)\]/g),
      ]);
      expect(c.expectedTools.segment_lesion ?? 0, c.id).toBe(boxes.length);
      for (const [, image, x1, y1, x2, y2] of boxes) {
        expect(numbers, c.id).toContain(Number(image));
        expect(Number(x1) < Number(x2) && Number(y1) < Number(y2) && Number(x2) < 512 && Number(y2) < 512).toBe(true);
      }
    }
  });

  it('expect biomarker prediction exactly for colorectal cases whose record holds a decodable H&E feature bag', () => {
    for (const c of cases) {
      const bags = resources<DocumentReference>(c.id, 'DocumentReference').filter(
        (d) => d.content?.[0]?.attachment?.contentType === 'application/x-npy'
      );
      expect((c.expectedTools.predict_biomarkers ?? 0) > 0, c.id).toBe(bags.length > 0);
      if (bags.length) expect(c.cancerType, c.id).toBe('colorectal');
      for (const d of bags) {
        const npy = decodeNpy(Buffer.from(d.content?.[0]?.attachment?.data ?? '', 'base64'));
        expect(npy.shape[1], c.id).toBe(64);
      }
    }
  });

  it('give staging truths the standards allow, and expect the TNM tool only for its sites without a stage group', () => {
    const tnmCodes = codesOf('ValueSet/oncoagent-tnm-category-code.json');
    const lungGroups = codesOf('CodeSystem/lung-stage-group.json');
    const lungAxis = {
      T: codesOf('CodeSystem/lung-pt.json'),
      N: codesOf('CodeSystem/lung-pn.json'),
      M: codesOf('CodeSystem/lung-pm.json'),
    };
    expect(tnmSites?.length).toBeGreaterThan(0);
    for (const c of cases) {
      const tnm = resources<Observation>(c.id, 'Observation').filter((o) =>
        tnmCodes.includes(o.code?.coding?.[0]?.code ?? '')
      );
      for (const o of tnm) expect(o.valueCodeableConcept?.text, c.id).toMatch(/^(c|p|yp)?[TNM][0-4Xsi]/);
      if (c.expectedStage) expect(c.stageSite, c.id).toBeTruthy();
      if (c.stageSite === 'lung') {
        expect(lungGroups, c.id).toContain(c.expectedStage);
        for (const o of tnm) {
          const value = (o.valueCodeableConcept?.text ?? '').replace(/^(c|p|yp)/, '');
          expect(lungAxis[value[0] as 'T' | 'N' | 'M'], `${c.id} ${value}`).toContain(value);
        }
      } else if (c.expectedStage) expect(c.expectedStage, c.id).toMatch(/^(0|I|II|III|IV)(A|B|C)?[123]?$/);
      if (c.expectedTools.tnm_stage) {
        expect(tnmSites, c.id).toContain(c.stageSite);
        expect(new Set(tnm.map((o) => o.valueCodeableConcept?.text?.replace(/^(c|p|yp)/, '')[0])), c.id).toEqual(
          new Set(['T', 'N', 'M'])
        );
        expect(resources<{ stage?: unknown }>(c.id, 'Condition')[0]?.stage, c.id).toBeUndefined();
      }
    }
  });
});
