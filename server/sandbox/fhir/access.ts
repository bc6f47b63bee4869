// Who is asking and what their token lets them touch: SMART scopes, confined to the launch patient for patient/ scopes.
import { forbidden, OperationOutcomeError } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { type Grant, grantFor, type Permission, type ResourceScope } from '../auth/scopes';
import { inPatientCompartment, isCompartmentType } from './compartment';

/** `open`: no auth (the `--sandbox-open` mode); `token`: a verified SMART access token. */
export type Access = { kind: 'open' } | { kind: 'token'; scopes: readonly ResourceScope[]; patient?: string };

export const OPEN_ACCESS: Access = { kind: 'open' };

function deny(message: string): OperationOutcomeError {
  return new OperationOutcomeError({
    ...forbidden,
    issue: [{ severity: 'error', code: 'forbidden', details: { text: message } }],
  });
}

/**
 * The grant for an interaction, or a 403 OperationOutcomeError when the token has no scope for it.
 * @param access - The caller.
 * @param resourceType - The resource type touched.
 * @param perm - The SMART permission needed.
 * @returns 'all' or 'compartment'.
 */
export function requireGrant(access: Access, resourceType: string, perm: Permission): Exclude<Grant, 'none'> {
  if (access.kind === 'open') return 'all';
  const grant = grantFor(access.scopes, resourceType, perm);
  if (grant === 'none') {
    throw deny(`The access token has no scope allowing '${perm}' on ${resourceType}`);
  }
  if (grant === 'compartment' && !access.patient && isCompartmentType(resourceType)) {
    throw deny('patient/ scopes need a patient in the launch context');
  }
  return grant;
}

/** Whether one resource is visible under a grant (resources outside any patient compartment always are). */
export function visible(access: Access, grant: Grant, resource: Resource): boolean {
  if (grant === 'all' || access.kind === 'open') return true;
  if (grant === 'none') return false;
  if (!isCompartmentType(resource.resourceType)) return true;
  return access.patient !== undefined && inPatientCompartment(resource, access.patient);
}

/**
 * Throws 403 unless the resource lies within what the grant allows.
 * @param access - The caller.
 * @param grant - The grant from {@link requireGrant}.
 * @param resource - The resource read or about to be written.
 */
export function requireVisible(access: Access, grant: Grant, resource: Resource): void {
  if (!visible(access, grant, resource)) {
    throw deny(`${resource.resourceType}/${resource.id ?? '(new)'} is outside the launch patient's compartment`);
  }
}

/** The patient id a compartment-confined search must be narrowed to. */
export function compartmentPatient(access: Access, grant: Grant): string | undefined {
  return access.kind === 'token' && grant === 'compartment' ? access.patient : undefined;
}
