// Our own check of slicing Medplum's validator cannot evaluate (load.ts slicesByProfile). By `profile`: mCODE's
// mcode-tnm-stage-group slices hasMember by the TNM category profile (0..3), mcode-genomics-report slices result by
// Genomics Reporting profiles (overall 0..1, …). A reference is classified by the profiles its target claims, so only
// targets in the same file (Bundle, NDJSON) can be classified; references leaving the file are reported as unchecked.
// By a pattern or value on `coding`: mcode-genomics-report's category:Genetics, mcode-genomic-variant's labCategory.
import type { ElementDefinition, OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { derivesFrom, type LoadedIg, slicesByProfile } from './load';

/** Resolves a reference (`urn:uuid:…`, `Type/id`) to a resource of the same file, or undefined. */
export type Resolve = (reference: string) => Resource | undefined;

const CORE = 'http://hl7.org/fhir/StructureDefinition/';

// mCODE 4.0.0's snapshot lost the profile of the stage group's TNMCategory slice (its targetProfile lists only core
// types); the guide's text says the members are TNM category Observations.
const SLICE_TARGETS: Record<string, string> = {
  'http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-tnm-stage-group#TNMCategory':
    'http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-tnm-category',
};

const err = (code: OperationOutcomeIssue['code'], text: string, path: string): OperationOutcomeIssue => ({
  severity: 'error',
  code,
  details: { text },
  expression: [path],
});

interface Slice {
  name: string;
  min: number;
  max: number;
  target: string | undefined;
  /** For slicing by a pattern on `coding`: the Coding a value must hold. */
  coding?: { system?: string; code?: string };
}

function slicesOf(sd: StructureDefinition, el: ElementDefinition): Slice[] {
  return (sd.snapshot?.element ?? [])
    .filter((e) => e.id?.startsWith(`${el.id}:`) && !e.id.slice((el.id ?? '').length + 1).includes('.'))
    .map((e) => {
      const name = e.sliceName ?? '';
      const own = e.type?.flatMap((t) => t.targetProfile ?? []).find((p) => !p.startsWith(CORE));
      return {
        name,
        min: e.min ?? 0,
        max: e.max === '*' || e.max === undefined ? Number.POSITIVE_INFINITY : Number(e.max),
        target: own ?? SLICE_TARGETS[`${sd.url}#${name}`],
        coding: (sd.snapshot?.element ?? []).find((c) => c.id === `${e.id}.coding`)?.patternCoding,
      };
    });
}

/**
 * Checks the profile-discriminated slices of a profile the resource claims.
 * @param resource - The resource.
 * @param sd - The published profile (with its slices).
 * @param ig - The guide (to follow baseDefinition from a claimed profile to a slice's).
 * @param resolve - Finds referenced resources of the same file.
 * @returns Errors naming the element (count outside a slice's cardinality, target of a type the element does not
 *   allow, closed slicing with an unmatched value) and one information issue per reference that could not be checked.
 */
export function profileSliceIssues(
  resource: Resource,
  sd: StructureDefinition,
  ig: LoadedIg,
  resolve: Resolve
): OperationOutcomeIssue[] {
  const out: OperationOutcomeIssue[] = [];
  for (const el of (sd.snapshot?.element ?? []).filter(slicesByProfile)) {
    const parts = el.path?.split('.') ?? [];
    if (parts.length !== 2) continue; // every such slicing in mCODE 4.0.0 and SDC is on a top-level element
    const path = el.path as string;
    const raw = (resource as unknown as Record<string, unknown>)[parts[1]];
    const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) as { reference?: string }[];
    const slices = slicesOf(sd, el);
    const allowed = (el.type ?? []).flatMap((t) => t.targetProfile ?? []).map((p) => p.replace(CORE, ''));
    const counts = new Map(slices.map((s) => [s.name, 0]));
    const byPattern = el.slicing?.discriminator?.every((d) => d.type === 'pattern' || d.type === 'value') ?? false;
    values.forEach((v, i) => {
      const at = `${path}[${i}]`;
      if (byPattern) {
        const codings = ((v as { coding?: { system?: string; code?: string }[] })?.coding ?? []).filter(Boolean);
        const hit = (s: Slice) => codings.some((c) => c.system === s.coding?.system && c.code === s.coding?.code);
        const matched = slices.filter((s) => s.coding && hit(s));
        for (const s of matched) counts.set(s.name, (counts.get(s.name) ?? 0) + 1);
        if (matched.length === 0 && el.slicing?.rules === 'closed') {
          out.push(err('structure', `Matches none of the slices of ${path} (closed slicing)`, at));
        }
        return;
      }
      const target = v?.reference ? resolve(v.reference) : undefined;
      if (!target) {
        out.push({
          severity: 'information',
          code: 'informational',
          details: { text: `${path} slicing not checked for a reference outside the file` },
          expression: [at],
        });
        return;
      }
      if (allowed.length && !allowed.includes(target.resourceType)) {
        out.push(err('structure', `References a ${target.resourceType}; allowed: ${allowed.join(', ')}`, at));
      }
      const claimed = target.meta?.profile ?? [];
      const matched = slices.filter((s) => s.target && claimed.some((p) => derivesFrom(ig, p, s.target as string)));
      for (const s of matched) counts.set(s.name, (counts.get(s.name) ?? 0) + 1);
      if (matched.length === 0 && el.slicing?.rules === 'closed') {
        out.push(err('structure', `Matches none of the slices of ${path} (closed slicing)`, at));
      }
    });
    for (const s of slices) {
      const n = counts.get(s.name) ?? 0;
      if (n < s.min || n > s.max) {
        const max = s.max === Number.POSITIVE_INFINITY ? '*' : s.max;
        const text = `Incorrect number of values provided for slice '${s.name}': expected ${s.min}..${max}, but found ${n}`;
        out.push(err('structure', text, path));
      }
    }
  }
  return out;
}
