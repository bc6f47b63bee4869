// Recognises what OncoAgent wrote to a chart (its profiles and identifier systems), for the app and the server alike.
import type { Resource } from '@medplum/fhirtypes';
import { CANONICAL_BASE } from '../fhir/canonical';

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
