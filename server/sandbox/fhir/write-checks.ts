// What a resource must satisfy before the sandbox stores it: structure, required bindings (default mode), and the
// rules a Medplum server applies that a spec-conformant one does not (UUID ids, profile lookups need read access).
import { badRequest, forbidden, isUUID, OperationOutcomeError, validateResource } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { type Access, grantOf, type ScopeRules } from './access';
import { checkRequiredBindings } from './bindings';
import { checkShape } from './shape';

/**
 * Validates a resource about to be written; throws a 400 (invalid) or 403 (Medplum profile rule) OperationOutcomeError.
 * Default mode also enforces required bindings; Medplum 4.5 does not (it stores `gender: "bogus"`), so neither does
 * its emulation. Medplum loads every `meta.profile` with the caller's own access before validating against it, so a
 * token that cannot search StructureDefinition cannot write a resource that claims a profile.
 * @param resource - The resource as it will be stored.
 * @param access - The caller.
 * @param rules - Which server's rules apply.
 */
export function checkContent(resource: Resource, access: Access, rules: ScopeRules): void {
  checkShape(resource);
  validateResource(resource);
  if (rules === 'smart') {
    checkRequiredBindings(resource);
    return;
  }
  if (resource.meta?.profile?.length && grantOf(access, 'StructureDefinition', 's', rules) === 'none') {
    throw new OperationOutcomeError(forbidden);
  }
}

/**
 * Medplum's id rule for writes: every id is a UUID (a PUT to `Patient/abc` is refused 400 "Invalid id").
 * @param id - The id the write targets.
 */
export function checkMedplumId(id: string | undefined): void {
  if (!id) throw new OperationOutcomeError(badRequest('Missing id'));
  if (!isUUID(id)) throw new OperationOutcomeError(badRequest('Invalid id'));
}

/**
 * A copy of a resource to create: a fresh id unless the Bundle processor assigned one, and no client-supplied
 * version id or timestamp (a POSTed id is ignored, as the spec requires; keeping it would let a create overwrite
 * whatever resource holds that id).
 * @param resource - The posted resource.
 * @param id - The id to store it under.
 * @returns The resource to store.
 */
export function forCreate<T extends Resource>(resource: T, id: string): T {
  const { versionId: _v, lastUpdated: _l, ...meta } = resource.meta ?? {};
  return { ...resource, id, ...(resource.meta ? { meta } : {}) };
}
