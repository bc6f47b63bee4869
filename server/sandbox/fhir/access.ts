// Who is asking and what their token lets them touch: SMART scopes (or Medplum's reading of them when the sandbox
// emulates Medplum), confined to the launch patient's compartment for patient/ scopes.
import { forbidden, OperationOutcomeError } from '@medplum/core';
import type { Binary, Group, Resource } from '@medplum/fhirtypes';
import { type Grant, grantFor, type Permission, type ResourceScope } from '../auth/scopes';
import { inPatientCompartment, isCompartmentType } from './compartment';
import { medplumAllows, medplumPolicy } from './medplum-policy';

/** `open`: no auth (the `--sandbox-open` mode, and seeding); `token`: a verified SMART access token. */
export type Access = { kind: 'open' } | { kind: 'token'; scopes: readonly ResourceScope[]; patient?: string };

/** How scopes are read: per the SMART spec, or as Medplum 4.5 builds its access policy from them. */
export type ScopeRules = 'smart' | 'medplum';

export const OPEN_ACCESS: Access = { kind: 'open' };

/**
 * A 403 OperationOutcomeError. Its text never names a resource id (it could be another patient's).
 * @param message - What was refused.
 * @returns The error.
 */
export function deny(message: string): OperationOutcomeError {
  return new OperationOutcomeError({
    ...forbidden,
    issue: [{ severity: 'error', code: 'forbidden', details: { text: message } }],
  });
}

/**
 * Whether the token's scopes cover a permission on a type, and how far.
 * @param access - The caller.
 * @param resourceType - The type touched.
 * @param perm - The SMART permission needed.
 * @param rules - How to read the scopes.
 * @returns 'all', 'compartment' (patient/ scopes only) or 'none'.
 */
export function grantOf(access: Access, resourceType: string, perm: Permission, rules: ScopeRules = 'smart'): Grant {
  if (access.kind === 'open') return 'all';
  if (rules === 'smart') return grantFor(access.scopes, resourceType, perm);
  if (!medplumAllows(medplumPolicy(access.scopes), resourceType, perm)) return 'none';
  // Medplum itself does not confine patient/ scopes to the compartment (that takes an AccessPolicy). With a launch
  // patient the sandbox still does (it never leaks across a launch); without one, as after a practitioner's standalone
  // launch where the app's own picker chooses the patient, it grants what Medplum grants.
  if (!access.patient) return 'all';
  const broad = access.scopes.some((s) => s.context !== 'patient' && [resourceType, '*'].includes(s.resourceType));
  return broad ? 'all' : 'compartment';
}

/**
 * The grant for an interaction, or a 403 OperationOutcomeError when the token has no scope for it.
 * @param access - The caller.
 * @param resourceType - The resource type touched.
 * @param perm - The SMART permission needed.
 * @param rules - How to read the scopes (Medplum answers a plain "Forbidden").
 * @returns 'all' or 'compartment'.
 */
export function requireGrant(
  access: Access,
  resourceType: string,
  perm: Permission,
  rules: ScopeRules = 'smart'
): Exclude<Grant, 'none'> {
  const grant = grantOf(access, resourceType, perm, rules);
  if (grant === 'none') {
    if (rules === 'medplum') throw new OperationOutcomeError(forbidden);
    throw deny(`The access token has no scope allowing '${perm}' on ${resourceType}`);
  }
  if (grant === 'compartment' && access.kind === 'token' && !access.patient && isCompartmentType(resourceType)) {
    throw deny('patient/ scopes need a patient in the launch context');
  }
  return grant;
}

/** The reference a Binary's access follows (`Binary.securityContext`), if any. */
export function securityContextOf(resource: Resource): string | undefined {
  return resource.resourceType === 'Binary' ? (resource as Binary).securityContext?.reference : undefined;
}

/**
 * Whether one resource is visible under a grant. Resources outside any patient compartment always are, except
 * Binary: under patient/ scopes a Binary is visible only when its securityContext is the launch patient (this check
 * cannot follow other securityContext references; `visibleInStore` in binary.ts does).
 * @param access - The caller.
 * @param grant - The grant for the resource's type.
 * @param resource - The resource.
 * @returns True when the caller may see it.
 */
export function visible(access: Access, grant: Grant, resource: Resource): boolean {
  if (grant === 'all' || access.kind === 'open') return true;
  if (grant === 'none') return false;
  if (resource.resourceType === 'Binary') {
    const ref = securityContextOf(resource);
    return access.patient !== undefined && ref !== undefined && isPatientRef(ref, access.patient);
  }
  if (!isCompartmentType(resource.resourceType)) return true;
  if (access.patient === undefined || !inPatientCompartment(resource, access.patient)) return false;
  // A Group is in the compartment of each of its members, but a cohort list would name other patients: under patient/
  // scopes only a Group whose members are all the launch patient is visible.
  return resource.resourceType !== 'Group' || onlyMember(resource as Group, access.patient);
}

function onlyMember(group: Group, patientId: string): boolean {
  return (group.member ?? []).every((m) => isPatientRef(m.entity?.reference ?? '', patientId));
}

/** True when a reference (relative or absolute) points at `Patient/<patientId>`. */
export function isPatientRef(reference: string, patientId: string): boolean {
  const target = `Patient/${patientId}`;
  return reference === target || reference.endsWith(`/${target}`);
}

/**
 * The 403 for a resource outside the caller's compartment; it names the type only, never an id.
 * @param resourceType - The resource's type.
 * @param isNew - True when the resource was about to be created.
 * @returns The error.
 */
export function outsideCompartment(resourceType: string, isNew: boolean): OperationOutcomeError {
  return deny(
    isNew
      ? `${resourceType}/(new) is outside the launch patient's compartment`
      : `The ${resourceType} is outside the launch patient's compartment`
  );
}

/** The patient id a compartment-confined search must be narrowed to. */
export function compartmentPatient(access: Access, grant: Grant): string | undefined {
  return access.kind === 'token' && grant === 'compartment' ? access.patient : undefined;
}
