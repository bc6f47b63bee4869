// Rewrites bare-id reference search values (`patient=123`) to full references (`patient=Patient/123`), as EHRs accept both.
import { getSearchParameter, isResourceType } from '@medplum/core';
import type { MemoryRepository } from '@medplum/fhir-router';

export type Query = Record<string, string[]>;

/**
 * Returns a copy of the query whose reference parameters carry `Type/id` values.
 * @param repo - Used to find which target type holds a bare id when a parameter has several targets.
 * @param resourceType - The searched type.
 * @param query - Search parameters, each with its values.
 * @returns The rewritten query.
 */
export async function expandReferenceParams(
  repo: MemoryRepository,
  resourceType: string,
  query: Query
): Promise<Query> {
  const out: Query = {};
  for (const [key, values] of Object.entries(query)) {
    const [code, modifier] = key.split(':') as [string, string | undefined];
    const param = code.startsWith('_') ? undefined : getSearchParameter(resourceType, code);
    if (param?.type !== 'reference') {
      out[key] = values;
      continue;
    }
    const typed = modifier && isResourceType(modifier) ? modifier : undefined;
    const outKey = typed ? code : key;
    const expanded: string[] = [];
    for (const value of values) {
      const parts = await Promise.all(value.split(',').map((v) => expandOne(repo, v, typed, param.target ?? [])));
      expanded.push(parts.join(','));
    }
    out[outKey] = [...(out[outKey] ?? []), ...expanded];
  }
  return out;
}

async function expandOne(
  repo: MemoryRepository,
  value: string,
  typed: string | undefined,
  targets: string[]
): Promise<string> {
  if (value.includes('/') || value.includes(':')) return value;
  if (typed) return `${typed}/${value}`;
  if (targets.length === 1) return `${targets[0]}/${value}`;
  for (const target of targets) {
    try {
      await repo.readResource(target, value);
      return `${target}/${value}`;
    } catch {
      // not this target type; try the next
    }
  }
  return targets.includes('Patient') ? `Patient/${value}` : value;
}
