// Loads our conformance resources from fhir-profiles/ (profiles with snapshots, CodeSystems) into @medplum/core,
// once per process, so resources can be validated against base R4 and against the profile they declare.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDataType } from '@medplum/core';
import type { CodeSystem, CodeSystemConcept, StructureDefinition } from '@medplum/fhirtypes';
import { ensureDefinitions } from '../fhir/definitions';

/** The repository's fhir-profiles folder. */
export const PROFILES_DIR = resolve(import.meta.dirname, '../../fhir-profiles');

export interface Conformance {
  /** Profiles by canonical URL. */
  profiles: Map<string, StructureDefinition>;
  /** Codes of our CodeSystems by canonical URL. */
  codes: Map<string, Set<string>>;
}

let loaded: Conformance | undefined;

function readFolder<T>(folder: string, resourceType: string): T[] {
  const dir = join(PROFILES_DIR, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { resourceType?: string })
    .filter((r) => r.resourceType === resourceType) as T[];
}

function allCodes(concepts: CodeSystemConcept[] | undefined, into: Set<string>): Set<string> {
  for (const c of concepts ?? []) {
    if (c.code) into.add(c.code);
    allCodes(c.concept, into);
  }
  return into;
}

/**
 * Indexes base R4 and our profiles (first call reads the files; later calls are free).
 * @returns Our profiles and the codes of our CodeSystems.
 */
export function ensureProfiles(): Conformance {
  if (loaded) return loaded;
  ensureDefinitions();
  const profiles = new Map<string, StructureDefinition>();
  for (const sd of readFolder<StructureDefinition>('StructureDefinition', 'StructureDefinition')) {
    if (!sd.url || !sd.snapshot?.element?.length) {
      throw new Error(
        `fhir-profiles/StructureDefinition/${sd.id}.json has no snapshot: run npx tsx scripts/snapshot-profiles.ts`
      );
    }
    loadDataType(sd);
    profiles.set(sd.url, sd);
  }
  const codes = new Map<string, Set<string>>();
  for (const cs of readFolder<CodeSystem>('CodeSystem', 'CodeSystem')) {
    if (cs.url && cs.content === 'complete') codes.set(cs.url, allCodes(cs.concept, new Set()));
  }
  loaded = { profiles, codes };
  return loaded;
}
