// Loads an implementation guide's StructureDefinitions (with their snapshots) into @medplum/core's validator, once per
// process. Medplum refuses a profile that slices by `profile` discriminator (mcode-tnm-stage-group, mcode-genomics-
// report) and mismatches a pattern on `coding`: such a profile is loaded without those slices, and profile-slices.ts
// checks them instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataType } from '@medplum/core';
import type { ElementDefinition, StructureDefinition } from '@medplum/fhirtypes';
import { ensureDefinitions } from '../fhir/definitions';
import { ensureIgPackage, IG_PINS } from './cache';

/** A loaded guide. */
export interface LoadedIg {
  id: string;
  name: string;
  version: string;
  canonical: string;
  /** The package's profiles as published (slices included), by canonical URL. */
  profiles: Map<string, StructureDefinition>;
  /** What Medplum validates against, by canonical URL: the published profile, or it without its profile slices. */
  validatable: Map<string, StructureDefinition>;
  /** Profiles Medplum could not load at all, with the reason (none in mCODE 4.0.0 or SDC 4.0.0-ballot). */
  unloadable: { url: string; reason: string }[];
}

const loaded = new Map<string, LoadedIg>();

/**
 * True for slicing Medplum's validator cannot evaluate: by the profile of what an element references, or by a pattern
 * or value on `coding` (mcode-genomics-report's category:Genetics, mcode-genomic-variant's category:labCategory), which
 * Medplum never matches, so the guide's own examples fail.
 */
export const slicesByProfile = (e: ElementDefinition): boolean =>
  !!e.slicing?.discriminator?.some(
    (d) => d.type === 'profile' || ((d.type === 'pattern' || d.type === 'value') && d.path === 'coding')
  );

/** The profile without its profile-discriminated slicing and slices (the element itself stays). */
function withoutProfileSlices(sd: StructureDefinition): StructureDefinition {
  const sliced = (sd.snapshot?.element ?? []).filter(slicesByProfile).map((e) => e.id ?? '');
  if (sliced.length === 0) return sd;
  const inSlice = (id: string) => sliced.some((s) => id.startsWith(`${s}:`));
  const element = (sd.snapshot?.element ?? [])
    .filter((e) => !inSlice(e.id ?? ''))
    .map((e) => (slicesByProfile(e) ? { ...e, slicing: undefined } : e));
  return { ...sd, snapshot: { element } };
}

/**
 * Loads a guide (fetching the package first when no cache holds it).
 * @param id - Short name: mcode or sdc.
 * @returns The guide's profiles; throws IgUnavailableError when the package cannot be had.
 */
export function loadIg(id: string): LoadedIg {
  const cached = loaded.get(id);
  if (cached) return cached;
  const dir = ensureIgPackage(id);
  ensureDefinitions();
  const pin = IG_PINS[id];
  const ig: LoadedIg = {
    id,
    name: pin.name,
    version: pin.version,
    canonical: pin.canonical,
    profiles: new Map(),
    validatable: new Map(),
    unloadable: [],
  };
  const files = readdirSync(dir).filter((f) => f.startsWith('StructureDefinition-') && f.endsWith('.json'));
  for (const file of files) {
    const sd = JSON.parse(readFileSync(join(dir, file), 'utf8')) as StructureDefinition;
    if (!sd.url || !sd.snapshot?.element?.length) continue;
    ig.profiles.set(sd.url, sd);
    const usable = withoutProfileSlices(sd);
    try {
      loadDataType(usable);
      ig.validatable.set(sd.url, usable);
    } catch (err) {
      ig.unloadable.push({ url: sd.url, reason: (err as Error).message });
    }
  }
  loaded.set(id, ig);
  return ig;
}

/**
 * True when `url` is `target` or derives from it through baseDefinition within the guide.
 * @param ig - The guide.
 * @param url - A claimed profile.
 * @param target - The profile a slice or rule asks for.
 * @returns Whether a resource claiming `url` claims `target` too.
 */
export function derivesFrom(ig: LoadedIg, url: string, target: string): boolean {
  for (let at: string | undefined = url, n = 0; at && n < 20; n++) {
    if (at === target) return true;
    at = ig.profiles.get(at)?.baseDefinition;
  }
  return false;
}
