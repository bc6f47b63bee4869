// Names the FHIR REST interaction of a request (read, search, create, …) and the SMART permission it needs.
import { isResourceType } from '@medplum/core';
import type { Permission } from '../auth/scopes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Interaction =
  | { kind: 'capabilities' }
  | { kind: 'bundle' }
  | { kind: 'search-system' }
  | { kind: 'search'; resourceType: string; viaPost: boolean }
  | { kind: 'create'; resourceType: string }
  | { kind: 'read'; resourceType: string; id: string }
  | { kind: 'vread'; resourceType: string; id: string; versionId: string }
  | { kind: 'history'; resourceType: string; id: string }
  | { kind: 'update'; resourceType: string; id?: string }
  | { kind: 'patch'; resourceType: string; id: string }
  | { kind: 'delete'; resourceType: string; id?: string };

/**
 * Classifies a request by method and path (relative to the FHIR base, no leading slash).
 * @param method - The HTTP method.
 * @param path - e.g. `Patient/123/_history/2`.
 * @returns The interaction, or undefined when no FHIR interaction matches.
 */
export function classify(method: HttpMethod, path: string): Interaction | undefined {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 0) {
    if (method === 'POST') return { kind: 'bundle' };
    return method === 'GET' ? { kind: 'search-system' } : undefined;
  }
  if (parts.length === 1 && parts[0] === 'metadata' && method === 'GET') return { kind: 'capabilities' };
  const [resourceType, id, op, versionId] = parts as [
    string,
    string | undefined,
    string | undefined,
    string | undefined,
  ];
  if (!isResourceType(resourceType)) return undefined;
  if (parts.length === 1) {
    if (method === 'GET') return { kind: 'search', resourceType, viaPost: false };
    if (method === 'POST') return { kind: 'create', resourceType };
    if (method === 'PUT') return { kind: 'update', resourceType };
    return method === 'DELETE' ? { kind: 'delete', resourceType } : undefined;
  }
  if (parts.length === 2 && id === '_search') {
    return method === 'POST' ? { kind: 'search', resourceType, viaPost: true } : undefined;
  }
  if (parts.length === 2 && id) {
    if (method === 'GET') return { kind: 'read', resourceType, id };
    if (method === 'PUT') return { kind: 'update', resourceType, id };
    if (method === 'PATCH') return { kind: 'patch', resourceType, id };
    return method === 'DELETE' ? { kind: 'delete', resourceType, id } : undefined;
  }
  if (op === '_history' && id && method === 'GET') {
    if (parts.length === 3) return { kind: 'history', resourceType, id };
    if (parts.length === 4 && versionId) return { kind: 'vread', resourceType, id, versionId };
  }
  return undefined;
}

/** The SMART permission an interaction needs (undefined: no resource permission, e.g. metadata). */
export function permissionFor(interaction: Interaction): Permission | undefined {
  switch (interaction.kind) {
    case 'read':
    case 'vread':
    case 'history':
      return 'r';
    case 'search':
    case 'search-system':
      return 's';
    case 'create':
      return 'c';
    case 'update':
    case 'patch':
      return 'u';
    case 'delete':
      return 'd';
    default:
      return undefined;
  }
}
