// Checks the synthetic cohort: deterministic for a seed, varied, a Group of every patient, and resection reports the
// offline synoptic extractor reads (so registry runs produce QuestionnaireResponses).
import type { DiagnosticReport, Group, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { extractOffline } from '../../synoptic/extract';
import { reportFromDiagnosticReport } from '../../synoptic/input';
import { loadTemplate } from '../../synoptic/template';
import { syntheticCohort } from './cohort';

describe('syntheticCohort', () => {
  it('is the same for the same seed, differs for another, and groups every patient', () => {
    const a = syntheticCohort({ count: 50 });
    expect(syntheticCohort({ count: 50 })).toEqual(a);
    expect(syntheticCohort({ count: 50, seed: 7 }).bundles).not.toEqual(a.bundles);
    const group = a.bundles.at(-1)!.entry![0]!.resource as Group;
    expect(group.member?.map((m) => m.entity.reference)).toEqual(a.patientIds.map((id) => `Patient/${id}`));
    expect(group.id).toBe(a.groupId);
  });

  it('varies sex, birth year and tumour site, and its reports fill the colorectal template', () => {
    const { bundles } = syntheticCohort({ count: 200 });
    const patients = bundles.slice(0, -1).map((b) => b.entry![0]!.resource as Patient);
    expect(new Set(patients.map((p) => p.gender)).size).toBe(2);
    expect(new Set(patients.map((p) => p.birthDate!.slice(0, 4))).size).toBeGreaterThan(20);
    const template = loadTemplate('cap-colorectal-resection');
    const sites = new Set<unknown>();
    for (const b of bundles.slice(0, 30)) {
      const dr = b.entry!.find((e) => e.resource?.resourceType === 'DiagnosticReport')!.resource as DiagnosticReport;
      const r = extractOffline(template, reportFromDiagnosticReport(dr));
      expect(r.answers.procedure?.value).toBeTruthy();
      expect(typeof r.answers['tumor-size']?.value).toBe('number');
      sites.add(r.answers['tumor-site']?.value);
    }
    expect(sites.size).toBeGreaterThanOrEqual(4);
  });
});
