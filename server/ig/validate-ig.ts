// Validation of resources against base R4, our profiles (writeback/validate.ts) and the profiles of the loaded
// implementation guides they claim: Medplum's validator on the guide's snapshot, plus our checks of what it cannot
// evaluate (profile-discriminated slices, a profile for another resource type, a profile the guide does not define).
import type { Bundle, OperationOutcome, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import { validateAgainst } from '../fhir/profile-validation';
import { inEntry, isPendingReference, issue, outcomeOf, validateOne } from '../writeback/validate';
import type { LoadedIg } from './load';
import { profileSliceIssues, type Resolve } from './profile-slices';

/** The issues of one profile of a guide that the resource claims. */
function igProfileIssues(resource: Resource, url: string, ig: LoadedIg, resolve: Resolve): OperationOutcomeIssue[] {
  const where = `${resource.resourceType}.meta.profile`;
  const sd = ig.profiles.get(url);
  if (!sd) return [issue('error', 'not-found', `Profile ${url} is not defined in ${ig.name}@${ig.version}`, where)];
  const name = sd.id ?? url.split('/').pop();
  if (sd.type !== resource.resourceType) {
    return [issue('error', 'invalid', `Profile ${name} constrains ${sd.type}, not ${resource.resourceType}`, where)];
  }
  const usable = ig.validatable.get(url);
  const found = usable
    ? validateAgainst(resource, usable).filter((i) => !isPendingReference(i))
    : [issue('warning', 'not-supported', `Profile ${name} could not be loaded: checked against base R4 only`)];
  return [...found, ...profileSliceIssues(resource, sd, ig, resolve)].map((i) => ({
    ...i,
    details: { text: `[${name}] ${i.details?.text ?? i.diagnostics ?? ''}` },
  }));
}

/**
 * Validates one resource against base R4, our profiles and the claimed profiles of the given guides.
 * @param resource - The resource.
 * @param igs - Loaded guides (none: the same as writeback's validateOne).
 * @param resolve - Finds resources of the same file, for slices classified by the referenced resource's profile.
 * @returns The issues.
 */
export function validateWithIgs(resource: Resource, igs: LoadedIg[], resolve: Resolve = () => undefined) {
  const guideOf = (url: string) => igs.find((ig) => url.startsWith(`${ig.canonical}/`));
  const handled = (i: OperationOutcomeIssue) =>
    i.code === 'not-supported' &&
    (resource.meta?.profile ?? []).some((u) => guideOf(u) && i.details?.text?.includes(u));
  const issues = validateOne(resource).filter((i) => !handled(i));
  for (const url of resource?.meta?.profile ?? []) {
    const ig = guideOf(url);
    if (ig) issues.push(...igProfileIssues(resource, url, ig, resolve));
  }
  return issues;
}

/**
 * A resolver over the resources of one file: by fullUrl (Bundle entries) and by `Type/id`.
 * @param entries - Resources, with their fullUrl when they have one.
 * @returns The resolver.
 */
export function resolverOf(entries: { fullUrl?: string; resource?: Resource }[]): Resolve {
  const byRef = new Map<string, Resource>();
  for (const { fullUrl, resource } of entries) {
    if (!resource) continue;
    if (fullUrl) byRef.set(fullUrl, resource);
    if (resource.id) byRef.set(`${resource.resourceType}/${resource.id}`, resource);
  }
  return (reference) => byRef.get(reference);
}

/**
 * Validates a resource, or each entry of a Bundle, against base R4, ours and the guides.
 * @param value - Parsed JSON.
 * @param igs - Loaded guides.
 * @returns The OperationOutcome (one information issue when everything is valid).
 */
export function validateAnyWithIgs(value: unknown, igs: LoadedIg[]): OperationOutcome {
  const resource = value as Resource;
  if (resource?.resourceType !== 'Bundle') {
    if (!resource || typeof resource !== 'object' || typeof resource.resourceType !== 'string') {
      return outcomeOf(validateOne(resource), 'Valid');
    }
    return outcomeOf(validateWithIgs(resource, igs, resolverOf([{ resource }])), 'Valid');
  }
  const entries = (resource as Bundle).entry ?? [];
  const resolve = resolverOf(entries);
  const issues = entries.flatMap((e, i) =>
    e.resource ? inEntry(validateWithIgs(e.resource, igs, resolve), i, e.resource) : []
  );
  return outcomeOf(issues, `All ${entries.length} entries are valid`);
}
