// Validation of a resource against a profile with the profile parsed once. @medplum/core's validateResource(resource,
// { profile }) parses the profile's snapshot into its internal schema on every call (1–4.5 ms for our profiles, more
// than the validation itself); a cohort run validates thousands of resources against the same dozen profiles. The
// parsed schema is kept per profile object and handed to the same validator through its typed-value entry point,
// registered under a key of its own that no FHIR type name can take. `profile-validation.test.ts` checks that both
// ways report the same issues, so an upgrade of @medplum/core that changes either is noticed.
import {
  getAllDataTypes,
  normalizeOperationOutcome,
  OperationOutcomeError,
  parseStructureDefinition,
  validateResource,
  validateTypedValue,
} from '@medplum/core';
import type { OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes';

const keys = new WeakMap<StructureDefinition, string>();
let registered = 0;

/**
 * The key the profile's parsed schema is registered under (parsing it on first use). Keyed by the profile object, so a
 * different or changed definition with the same URL is never validated against a stale schema; the key starts with a
 * character no FHIR type name has.
 */
function schemaKey(profile: StructureDefinition): string {
  let key = keys.get(profile);
  if (!key) {
    key = `#profile-${++registered}|${profile.url ?? profile.id ?? ''}`;
    getAllDataTypes()[key] = parseStructureDefinition(profile);
    keys.set(profile, key);
  }
  return key;
}

/**
 * Validates a resource against base R4 or a profile with @medplum/core's validator.
 * @param resource - The resource (resourceType set).
 * @param profile - The profile (with snapshot); absent: base R4.
 * @returns The issues, errors included (the validator's throw is turned back into its issues).
 */
export function validateAgainst(resource: Resource, profile?: StructureDefinition): OperationOutcomeIssue[] {
  try {
    return profile ? validateTypedValue({ type: schemaKey(profile), value: resource }) : validateResource(resource);
  } catch (err) {
    return (err instanceof OperationOutcomeError ? err.outcome : normalizeOperationOutcome(err)).issue ?? [];
  }
}
