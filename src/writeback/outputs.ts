// Recognises what OncoAgent wrote to the chart (its profiles and identifiers), so the patient view can label it and
// keep machine results (e.g. a predicted MSI status) out of the cards that show measured values.
import type { Resource } from '@medplum/fhirtypes';
import { CANONICAL_BASE } from '../../common/fhir/canonical';

const IDENTIFIER_PREFIX = `${CANONICAL_BASE}/identifier/`;
const PROFILE_PREFIX = `${CANONICAL_BASE}/StructureDefinition/`;

/**
 * Whether a resource was written by OncoAgent.
 * @param resource - Any resource of the record.
 * @returns True when it carries one of OncoAgent's profiles or identifier systems.
 */
export function isOncoAgentOutput(resource: Resource): boolean {
  const identifiers = (resource as { identifier?: unknown }).identifier;
  const list = Array.isArray(identifiers) ? identifiers : identifiers ? [identifiers] : [];
  return (
    (resource.meta?.profile ?? []).some((p) => p.startsWith(PROFILE_PREFIX)) ||
    list.some((i: { system?: unknown }) => typeof i?.system === 'string' && i.system.startsWith(IDENTIFIER_PREFIX))
  );
}

/**
 * Splits resources into OncoAgent's and the others.
 * @param resources - Resources of one type.
 * @returns `[fromOncoAgent, others]`, each in the original order.
 */
export function partitionOutputs<T extends Resource>(resources: T[]): [T[], T[]] {
  const ours: T[] = [];
  const others: T[] = [];
  for (const r of resources) (isOncoAgentOutput(r) ? ours : others).push(r);
  return [ours, others];
}
