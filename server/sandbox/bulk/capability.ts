// How the sandbox's CapabilityStatement declares Bulk Data export (the IG's server capability and its operations).
import type { CapabilityStatementRestResourceOperation } from '@medplum/fhirtypes';

const IG = 'http://hl7.org/fhir/uv/bulkdata';

/** The IG's CapabilityStatement for Bulk Data servers, which the sandbox's instantiates. */
export const BULK_DATA_CAPABILITY = `${IG}/CapabilityStatement/bulk-data`;

/** The system-level `$export` operation. */
export const SYSTEM_EXPORT: CapabilityStatementRestResourceOperation[] = [
  { name: 'export', definition: `${IG}/OperationDefinition/export` },
];

/**
 * The type-level `$export` operations: Patient (all patients) and Group (a Group's members).
 * @param type - A resource type.
 * @returns The operations to declare on it (none for other types).
 */
export function typeExportOperations(type: string): CapabilityStatementRestResourceOperation[] {
  if (type === 'Patient') return [{ name: 'export', definition: `${IG}/OperationDefinition/patient-export` }];
  if (type === 'Group') return [{ name: 'export', definition: `${IG}/OperationDefinition/group-export` }];
  return [];
}

/** What the CapabilityStatement's documentation says about exports. */
export const BULK_DOCUMENTATION =
  'Bulk Data export ($export at system, Patient and Group level; _type, _since, _outputFormat ndjson) needs system/ ' +
  'scopes: system/<Type>.rs for every type exported. Files hold at most 10,000 resources, need the same token and ' +
  'expire an hour after the export ends.';
