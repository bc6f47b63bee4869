// Visibility that may need the store: a Binary belongs to whatever its securityContext points at, so under patient/
// scopes it is visible only when that is the launch patient or a resource in the patient's compartment.
import type { Resource } from '@medplum/fhirtypes';
import type { Grant } from '../auth/scopes';
import { type Access, isPatientRef, securityContextOf, visible } from './access';
import { inPatientCompartment, isCompartmentType } from './compartment';
import type { SandboxRepository } from './repository';

/**
 * Whether the caller may see a resource, following a Binary's securityContext into the store.
 * A patient-confined caller sees a Binary only when its securityContext is the launch patient, or a resource
 * in the launch patient's compartment; a Binary with no securityContext, or one pointing elsewhere, is hidden.
 * @param repo - The store (read without access checks, to learn whom the securityContext belongs to).
 * @param access - The caller.
 * @param grant - The caller's grant for the resource's type.
 * @param resource - The resource.
 * @returns True when visible.
 */
export async function visibleInStore(
  repo: SandboxRepository,
  access: Access,
  grant: Grant,
  resource: Resource
): Promise<boolean> {
  if (resource.resourceType !== 'Binary' || grant !== 'compartment' || access.kind === 'open') {
    return visible(access, grant, resource);
  }
  const ref = securityContextOf(resource);
  const patient = access.patient;
  if (!ref || !patient) return false;
  if (isPatientRef(ref, patient)) return true;
  const match = /([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(ref);
  if (!match?.[1] || !match[2] || match[1] === 'Binary' || !isCompartmentType(match[1])) return false;
  const target = await repo.readResource(match[1], match[2]).catch(() => undefined);
  return target !== undefined && inPatientCompartment(target, patient);
}
