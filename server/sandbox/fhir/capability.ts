// The sandbox's CapabilityStatement: what it supports, and where its SMART authorization endpoints are.
import { getResourceTypes, getSearchParameters } from '@medplum/core';
import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { VERSION } from '../../config/version';
import { BULK_DATA_CAPABILITY, BULK_DOCUMENTATION, SYSTEM_EXPORT, typeExportOperations } from '../bulk/capability';
import { type Emulation, isMedplum } from '../emulation';
import { MAX_BUNDLE_ENTRIES } from './batch';

const INTERACTIONS: CapabilityStatementRestResource['interaction'] = [
  'read',
  'vread',
  'update',
  'patch',
  'delete',
  'history-instance',
  'create',
  'search-type',
].map((code) => ({ code: code as 'read' }));

/**
 * Builds the CapabilityStatement for `GET [base]/metadata`.
 * @param base - The FHIR base URL.
 * @param oauth - The SMART authorize and token endpoint URLs.
 * @param emulation - The server the sandbox imitates, if any (it changes how transactions run).
 * @returns The CapabilityStatement with the SMART oauth-uris extension.
 */
export function capabilityStatement(
  base: string,
  oauth: { authorize: string; token: string },
  emulation?: Emulation
): CapabilityStatement {
  const transactions =
    isMedplum(emulation) && !emulation?.atomicTransactions
      ? 'Transactions run entry by entry, as batches (Medplum without atomic transactions).'
      : 'Transactions are atomic.';
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-29',
    kind: 'instance',
    instantiates: [BULK_DATA_CAPABILITY],
    software: { name: 'OncoAgent sandbox EHR', version: VERSION },
    implementation: { description: 'Development EHR for OncoAgent (synthetic data only)', url: base },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation:
          `Batch and transaction Bundles hold at most ${MAX_BUNDLE_ENTRIES} entries; larger ones are refused (413). ` +
          `${transactions} Search supports _count, _offset, _sort, _include, _revinclude, _summary, _total. ` +
          BULK_DOCUMENTATION,
        security: {
          cors: true,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: oauth.authorize },
                { url: 'token', valueUri: oauth.token },
              ],
            },
          ],
        },
        interaction: [{ code: 'transaction' }, { code: 'batch' }, { code: 'search-system' }],
        operation: SYSTEM_EXPORT,
        resource: getResourceTypes().map((type) => ({
          type,
          interaction: INTERACTIONS,
          versioning: 'versioned',
          conditionalCreate: true,
          conditionalUpdate: true,
          searchInclude: ['*'],
          searchRevInclude: ['*'],
          ...(typeExportOperations(type).length ? { operation: typeExportOperations(type) } : {}),
          searchParam: Object.entries(getSearchParameters(type) ?? {}).map(([name, sp]) => ({
            name,
            type: sp.type ?? 'string',
          })),
        })),
      },
    ],
  } as CapabilityStatement;
}
