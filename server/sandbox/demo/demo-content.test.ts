// Checks what the demo data says against the phantoms and biomarker files it ships: boxes, key images, growth, feature bag, variants.
import type {
  Bundle,
  DiagnosticReport,
  DocumentReference,
  ImagingStudy,
  Observation,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { decodeNpy } from '../../../common/npy/npy';
import { phantomOrgans } from '../dicom/phantom-anatomy';
import { lesionBoxPx, lesionKeySlice } from '../dicom/phantom-spec';
import { DEMO_PATIENT_IDS, demoData } from './index';
import { demoId } from './portable';

const OPTIONS = { dicomWebBase: 'http://localhost:8080/sandbox/dicomweb' };
const data = demoData(OPTIONS);
const resources = (bundle: Bundle): Resource[] => (bundle.entry ?? []).map((e) => e.resource as Resource);
const all = data.bundles.flatMap(resources);
const ofType = <T extends Resource>(type: T['resourceType'], bundle?: Bundle): T[] =>
  (bundle ? resources(bundle) : all).filter((r): r is T => r.resourceType === type);
const decode = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');

describe('imaging', () => {
  it('backs every ImagingStudy with a phantom series of the same UIDs', () => {
    const studies = ofType<ImagingStudy>('ImagingStudy');
    expect(studies.length).toBeGreaterThanOrEqual(3);
    for (const study of studies) {
      const series = study.series?.[0];
      const spec = data.phantoms.find((p) => p.seriesInstanceUid === series?.uid);
      expect(spec, study.id).toBeDefined();
      if (!spec || !series) continue;
      expect(study.identifier?.[0]).toEqual({ system: 'urn:dicom:uid', value: `urn:oid:${spec.studyInstanceUid}` });
      expect(series.instance?.map((i) => i.uid)).toEqual(
        Array.from({ length: spec.slices }, (_, n) => `${spec.seriesInstanceUid}.${n + 1}`)
      );
      expect(study.numberOfInstances).toBe(spec.slices);
    }
    expect(new Set(data.phantoms.map((p) => p.studyInstanceUid)).size).toBe(data.phantoms.length);
    for (const p of data.phantoms) expect(p.studyInstanceUid).toMatch(/^[1-9]\d*(\.(0|[1-9]\d*))+$/);
  });

  it('names each lesion in radiology text with the key image and the box of lesionBoxPx', () => {
    const withImages = ofType<DiagnosticReport>('DiagnosticReport').filter((r) => r.imagingStudy?.length);
    expect(withImages.length).toBeGreaterThanOrEqual(3);
    for (const report of withImages) {
      const study = ofType<ImagingStudy>('ImagingStudy').find(
        (s) => `ImagingStudy/${s.id}` === report.imagingStudy?.[0].reference
      );
      const spec = data.phantoms.find((p) => p.seriesInstanceUid === study?.series?.[0].uid)!;
      const text = decode(report.presentedForm?.[0].data ?? '');
      const found = [...text.matchAll(/image (\d+), Location: \[(\d+), (\d+), (\d+), (\d+)\]/g)].map((m) =>
        m.slice(1).map(Number)
      );
      expect(found).toEqual(spec.lesions.map((l) => [lesionKeySlice(spec, l) + 1, ...lesionBoxPx(spec, l)]));
    }
  });
  it('puts every lesion well inside the phantom liver and writes the MRN into the DICOM header', () => {
    for (const spec of data.phantoms) {
      const liver = phantomOrgans(spec).find((o) => o.name === 'liver')!;
      for (const l of spec.lesions) {
        // Corner of the lesion's bounding box, in units of the liver's radii: < 1 means inside the ellipse.
        const dx = (Math.abs(l.centerMm[0] - liver.centerMm[0]) + l.radiiMm[0]) / liver.radiiMm[0];
        const dy = (Math.abs(l.centerMm[1] - liver.centerMm[1]) + l.radiiMm[1]) / liver.radiiMm[1];
        expect(dx * dx + dy * dy, `${spec.studyInstanceUid} ${l.id}`).toBeLessThan(0.9);
      }
      const mrns = ofType<Patient>('Patient').map((p) => p.identifier?.[0].value);
      expect(mrns).toContain(spec.patientId);
    }
  });

  it("shows patient 1's liver lesions growing by more than 20 % between the two CTs (progression)", () => {
    const [baseline, followUp] = data.phantoms.filter((p) => p.patientId === data.phantoms[0].patientId);
    expect(baseline.studyDate < followUp.studyDate).toBe(true);
    const sum = (spec: typeof baseline) =>
      spec.lesions.reduce((a, l) => a + 2 * Math.max(l.radiiMm[0], l.radiiMm[1]), 0);
    expect(sum(followUp) / sum(baseline)).toBeGreaterThan(1.2);
  });
});

describe('biomarkers', () => {
  it('holds a 96 x 64 float32 histology feature bag for the newly diagnosed colon cancer', () => {
    const docs = ofType<DocumentReference>('DocumentReference').filter(
      (d) => d.content[0].attachment.contentType === 'application/x-npy'
    );
    expect(docs.map((d) => d.subject?.reference)).toEqual([`Patient/${demoId('demo-colon-new')}`]);
    const bytes = Buffer.from(docs[0].content[0].attachment.data ?? '', 'base64');
    const { shape, data: values } = decodeNpy(new Uint8Array(bytes));
    expect(shape).toEqual([96, 64]);
    expect(values).toBeInstanceOf(Float32Array);
    expect(values.every(Number.isFinite)).toBe(true);
    expect(docs[0].description).toMatch(/synthetic/i);
    expect(docs[0].category?.[0].text).toMatch(/histology/i);
  });

  it('records BRAF V600E, a ROS1 fusion, an outside MSI-H and proficient MMR for patient 6', () => {
    const obs = ofType<Observation>('Observation', data.bundles[DEMO_PATIENT_IDS.indexOf(demoId('demo-icc'))]);
    const genes = (o: Observation) =>
      (o.component ?? [])
        .filter((c) => c.code.coding?.[0]?.code === '48018-6')
        .map((c) => c.valueCodeableConcept?.text);
    const protein = (o: Observation) =>
      o.component?.find((c) => c.code.coding?.[0]?.code === '48005-3')?.valueCodeableConcept?.text;
    expect(obs.some((o) => genes(o).includes('BRAF') && protein(o) === 'p.Val600Glu')).toBe(true);
    expect(obs.some((o) => genes(o).includes('ROS1') && genes(o).length === 2)).toBe(true);
    expect(
      obs.some((o) => o.code.coding?.[0]?.code === '81695-9' && o.valueCodeableConcept?.text?.startsWith('MSI-H'))
    ).toBe(true);
    expect(
      obs.some(
        (o) => /mismatch repair/i.test(o.code.text ?? '') && /^Proficient/.test(o.valueCodeableConcept?.text ?? '')
      )
    ).toBe(true);
    const tmbObs = obs.find((o) => o.code.coding?.[0]?.code === '94076-7');
    expect(tmbObs?.valueQuantity?.value).toBeLessThan(10);
  });

  it('records KRAS p.Gly12Cys c.34G>T for the pancreatic cancer patient', () => {
    const obs = ofType<Observation>('Observation', data.bundles[DEMO_PATIENT_IDS.indexOf(demoId('demo-pdac-g12c'))]);
    const texts = obs.map((o) => (o.component ?? []).flatMap((c) => c.valueCodeableConcept?.text ?? []).join(' '));
    expect(texts).toContain('KRAS c.34G>T p.Gly12Cys Somatic');
  });
});
