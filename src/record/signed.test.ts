// The report header says who signed a workup, by name, and only for that workup's signed report.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { WORKUP_ITEM_SYSTEM } from '../../common/writeback/systems';
import { signatureOf, signerDisplay } from './signed';

const report = (over: Partial<DiagnosticReport>): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  status: 'final',
  code: { text: 'Tumor board workup' },
  identifier: [{ system: WORKUP_ITEM_SYSTEM, value: 'w1:report' }],
  issued: '2026-12-01T10:00:00Z',
  resultsInterpreter: [{ reference: 'Practitioner/sandbox-clinician', display: 'Dr Ada Lovelace' }],
  ...over,
});

describe('signatureOf', () => {
  it('names the signer of the workup’s final report and when', () => {
    expect(signatureOf([report({})], 'w1')).toEqual({
      by: 'Dr Ada Lovelace',
      at: '2026-12-01T10:00:00Z',
      status: 'final',
    });
  });

  it('is undefined for a preliminary report or another workup’s report', () => {
    expect(signatureOf([report({ status: 'preliminary' })], 'w1')).toBeUndefined();
    expect(signatureOf([report({})], 'w2')).toBeUndefined();
    expect(signatureOf([report({})], undefined)).toBeUndefined();
  });

  it('never passes a reference off as a name', () => {
    const bare = report({ resultsInterpreter: [{ reference: 'Practitioner/sandbox-clinician' }] });
    expect(signatureOf([bare], 'w1')?.by).toBeUndefined();
    expect(signerDisplay({ display: 'Practitioner/sandbox-clinician' })).toBeUndefined();
  });
});
