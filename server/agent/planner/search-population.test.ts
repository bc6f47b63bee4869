// Literature searches from the patient's setting, on invented records read through the real record reader: MSI-H/dMMR
// in localised disease with a neoadjuvant question, and a regimen asked about outside its trials' population.
import { describe, expect, it } from 'vitest';
import { TestRecord } from './test-record';

const pubmed = (r: TestRecord, q: string) => r.plan(q).calls.find((c) => c.tool === 'pubmed_search');

const rectal = (stage: string) =>
  new TestRecord()
    .condition('Adenocarcinoma of the rectum, mismatch repair deficient')
    .text('Microsatellite instability', 'dMMR (loss of MLH1/PMS2)', '81695-9')
    .report('MRI pelvis', '2026-02-01', `${stage} rectal tumour, mesorectal fascia clear.`);

describe('a tumour-agnostic biomarker in localised disease', () => {
  it('searches when the question is about neoadjuvant or pre-operative treatment, and says why', () => {
    const call = pubmed(rectal('cT3 N1 M0'), 'Does the MMR result change the pre-operative plan?');
    expect(call?.reason).toMatch(/dMMR \(Observation\/obs\d+\) in localised disease with a neoadjuvant/);
  });
  it('does not search for the same result in metastatic disease, or without a curative-setting question', () => {
    expect(pubmed(rectal('cT3 N1 M1a'), 'Does the MMR result change the pre-operative plan?')).toBeUndefined();
    expect(pubmed(rectal('cT3 N1 M0'), 'What is the stage group?')).toBeUndefined();
  });
});

const hcc = (bilirubin: number, albumin: number) =>
  new TestRecord()
    .condition('Hepatocellular carcinoma')
    .lab('Bilirubin', '1975-2', bilirubin, 'mg/dL')
    .lab('Albumin', '1751-7', albumin, 'g/dL')
    .lab('INR', '6301-6', 1.3, '{INR}')
    .report('CT liver', '2026-03-01', 'Single 6 cm tumour in segment VIII with portal vein tumour thrombus.');

describe('a patient outside the pivotal-trial population of the regimen asked about', () => {
  it('searches for liver cancer whose labs alone reach Child-Pugh B, asked about immunotherapy', () => {
    const call = pubmed(hcc(2.2, 3.1), 'Can he have immunotherapy plus bevacizumab?');
    expect(call?.reason).toMatch(/at least Child-Pugh B from the recorded labs, outside the Child-Pugh A population/);
  });
  it('does not search with Child-Pugh A labs, nor for a question that names no regimen', () => {
    expect(pubmed(hcc(0.9, 4.0), 'Can he have immunotherapy plus bevacizumab?')).toBeUndefined();
    expect(pubmed(hcc(2.2, 3.1), 'What is the BCLC stage?')).toBeUndefined();
  });
});
