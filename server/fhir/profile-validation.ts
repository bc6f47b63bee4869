// Validation of a resource against a profile with the profile parsed once. @medplum/core's validateResource(resource,
// { profile }) parses the profile's snapshot into its internal schema on every call (1–4.5 ms for our profiles, more
// than the validation itself); a cohort run validates thousands of resources against the same dozen profiles. The
// parsed schema is kept per profile object and handed to the same validator through its typed-value entry point: for
// the (synchronous) call only, it is registered among Medplum's data types under a key no FHIR type name can take, and
// removed before anything else runs — left there, it would count as a resource type (CapabilityStatement, $export,
// GraphQL). `profile-validation.test.ts` checks that both ways report the same issues, so an upgrade of @medplum/core
// that changes either is noticed.
import {
  getAllDataTypes,
  type InternalTypeSchema,
  normalizeOperationOutcome,
  OperationOutcomeError,
  parseStructureDefinition,
  validateResource,
  validateTypedValue,
} from '@medplum/core';
import type { OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes';

const parsed = new WeakMap<StructureDefinition, { key: string; schema: InternalTypeSchema }>();
let count = 0;

/**
 * The profile's parsed schema and its key (parsed on first use). Kept per profile object, so a different or changed
 * definition with the same URL is never validated against a stale schema; the key starts with a character no FHIR type
 * name has.
 */
function schemaOf(profile: StructureDefinition): { key: string; schema: InternalTypeSchema } {
  let entry = parsed.get(profile);
  if (!entry) {
    entry = {
      key: `#profile-${++count}|${profile.url ?? profile.id ?? ''}`,
      schema: parseStructureDefinition(profile),
    };
    parsed.set(profile, entry);
  }
  return entry;
}

/** Validates against a parsed profile, its schema registered for this call only. */
function withSchema(resource: Resource, profile: StructureDefinition): OperationOutcomeIssue[] {
  const { key, schema } = schemaOf(profile);
  const types = getAllDataTypes();
  types[key] = schema;
  try {
    return validateTypedValue({ type: key, value: resource });
  } finally {
    delete types[key];
  }
}

/**
 * Validates a resource against base R4 or a profile with @medplum/core's validator.
 * @param resource - The resource (resourceType set).
 * @param profile - The profile (with snapshot); absent: base R4.
 * @returns The issues, errors included (the validator's throw is turned back into its issues).
 */
export function validateAgainst(resource: Resource, profile?: StructureDefinition): OperationOutcomeIssue[] {
  try {
    return profile ? withSchema(resource, profile) : validateResource(resource);
  } catch (err) {
    return (err instanceof OperationOutcomeError ? err.outcome : normalizeOperationOutcome(err)).issue ?? [];
  }
}
