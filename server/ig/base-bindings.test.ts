// Base R4 required bindings Medplum's validator does not evaluate: the issue's DiagnosticReport.status "bogus", a code
// inside a backbone element, and a CodeableConcept; our own write-back plan has none.
import type { Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../fhir/definitions';
import { buildPlan } from '../writeback/plan';
import { offlineWorkup } from '../writeback/testing/offline-workup';
import { validateOne } from '../writeback/validate';
import { baseBindingIssues } from './base-bindings';

ensureDefinitions();
const paths = (r: unknown) => baseBindingIssues(r as Resource).map((i) => `${i.expression?.[0]}: ${i.details?.text}`);

describe('baseBindingIssues', () => {
  it('names DiagnosticReport.status for "bogus", and so does validateOne (what `oncoagent validate` runs)', () => {
    const report = { resourceType: 'DiagnosticReport', status: 'bogus', code: { text: 'x' } };
    const text = 'Value "bogus" is not in the required value set http://hl7.org/fhir/ValueSet/diagnostic-report-status';
    expect(paths(report)).toEqual([`DiagnosticReport.status: ${text}`]);
    expect(validateOne(report as Resource)).toContainEqual(
      expect.objectContaining({ severity: 'error', expression: ['DiagnosticReport.status'], details: { text } })
    );
    expect(paths({ ...report, status: 'final' })).toEqual([]);
  });

  it('checks codes inside backbone elements and nested items', () => {
    expect(paths({ resourceType: 'Provenance', entity: [{ role: 'source' }, { role: 'bogus' }] })).toEqual([
      'Provenance.entity[1].role: Value "bogus" is not in the required value set http://hl7.org/fhir/ValueSet/provenance-entity-role',
    ]);
    const q = {
      resourceType: 'Questionnaire',
      status: 'draft',
      item: [{ linkId: 'a', type: 'group', item: [{ linkId: 'b', type: 'essay' }] }],
    };
    expect(paths(q)).toEqual([
      'Questionnaire.item[0].item[0].type: Value "essay" is not in the required value set http://hl7.org/fhir/ValueSet/item-type',
    ]);
  });

  it('checks CodeableConcepts: a wrong code of the bound system, and no code of it at all', () => {
    const coded = (code: string, system = 'http://terminology.hl7.org/CodeSystem/condition-clinical') => ({
      resourceType: 'Condition',
      clinicalStatus: { coding: [{ system, code }] },
      subject: { reference: 'Patient/p' },
    });
    expect(paths(coded('active'))).toEqual([]);
    expect(paths(coded('cured'))).toEqual([
      'Condition.clinicalStatus.coding[0]: Code "cured" is not in the required value set http://hl7.org/fhir/ValueSet/condition-clinical',
    ]);
    expect(paths(coded('active', 'http://snomed.info/sct'))).toEqual([
      'Condition.clinicalStatus: No code from the required value set http://hl7.org/fhir/ValueSet/condition-clinical',
    ]);
  });

  it('finds nothing in a write-back plan', async () => {
    const plan = buildPlan({ workup: await offlineWorkup() });
    expect(plan.bundle.entry?.flatMap((e) => paths(e.resource))).toEqual([]);
  });
});
