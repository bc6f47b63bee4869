// Tumour kinds named by cell of origin (GIST, NET) win over the organ, and an anal-verge distance does not make a
// rectal cancer an anal one.
import type { Condition } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { findPrimaryCancer } from './tumour';

const kindOf = (text: string, icd?: string) =>
  findPrimaryCancer([
    {
      resourceType: 'Condition',
      subject: {},
      code: {
        text,
        ...(icd ? { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: icd }] } : {}),
      },
    } as Condition,
  ])?.kind;

describe('findPrimaryCancer kinds', () => {
  it('reads a gastric GIST and a rectal NET by their cell of origin', () => {
    expect(kindOf('Gastrointestinal stromal tumour of the stomach')).toBe('gist');
    expect(kindOf('Well-differentiated neuroendocrine tumour of the rectum, G1')).toBe('net');
    expect(kindOf('Malignant neoplasm of stomach', 'C16.2')).toBe('gastric');
  });
  it('reads a pancreatic NET as a NET even when coded with the pancreas ICD-10 code', () => {
    expect(kindOf('Well-differentiated neuroendocrine tumour of the pancreatic tail, G2', 'C25.2')).toBe('net');
    expect(kindOf('Malignant neoplasm of endocrine pancreas', 'C25.4')).toBe('net');
    expect(kindOf('Adenocarcinoma of the pancreatic head', 'C25.0')).toBe('pancreas');
  });
  it('keeps a rectal cancer measured from the anal verge colorectal and reads anal canal cancer as anal', () => {
    expect(kindOf('Rectal adenocarcinoma 6 cm from the anal verge')).toBe('colorectal');
    expect(kindOf('Squamous cell carcinoma of the anal canal')).toBe('anal');
    expect(kindOf('Malignant neoplasm of anus', 'C21.0')).toBe('anal');
  });
  it('keeps a primary-site ICD-10 code primary when its text adds metastases; metastases alone are secondary', () => {
    expect(kindOf('Adenocarcinoma of sigmoid colon with liver metastases', 'C18.7')).toBe('colorectal');
    expect(kindOf('Pancreatic adenocarcinoma with hepatic metastases')).toBe('pancreas');
    expect(kindOf('Liver metastases', 'C78.7')).toBeUndefined();
    expect(kindOf('Metastases to the liver')).toBeUndefined();
  });
});
