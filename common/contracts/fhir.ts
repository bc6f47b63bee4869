// FHIR resources inside contracts: the resource type is checked at the boundary, the rest passes through as sent
// (the FHIR validator, not the API contract, judges the content), and the type is the @medplum/fhirtypes one.
import type { Resource } from '@medplum/fhirtypes';
import { z } from 'zod';

/**
 * A schema for one FHIR resource type.
 * @param resourceType - The type the value must declare, e.g. `Bundle`.
 * @returns A schema that accepts any object with that `resourceType`, typed as the resource.
 */
export function fhirResource<T extends Resource>(resourceType: T['resourceType']): z.ZodType<T> {
  return z.custom<T>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      (value as { resourceType?: unknown }).resourceType === resourceType,
    { message: `expected a FHIR ${resourceType} (an object with resourceType "${resourceType}")` }
  );
}
