// Resolves an SDC `definition` (`<profile>#Observation.value[x]:valueCodeableConcept.coding`) against the base R4
// type schema and writes values there, so the engine knows which elements repeat without per-profile code.
import { badRequest, getDataType, OperationOutcomeError } from '@medplum/core';
import { ensureDefinitions } from '../fhir/definitions';

/** One step of a resolved path: the JSON property, its FHIR type and whether it repeats. */
export interface PathStep {
  key: string;
  /** FHIR type codes allowed here; one once a choice is resolved. */
  types: string[];
  isArray: boolean;
  /** A choice element (`value[x]`) whose type the value decides. */
  choice?: string;
}

export interface ElementTarget {
  /** The profile or base type canonical before `#`. */
  canonical: string;
  resourceType: string;
  steps: PathStep[];
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const bad = (text: string) => new OperationOutcomeError(badRequest(text));

function step(typeName: string, segment: string, where: string): PathStep {
  const [name, slice] = segment.split(':') as [string, string | undefined];
  const elements = getDataType(typeName).elements;
  if (name.endsWith('[x]')) {
    const element = elements[name];
    if (!element) throw bad(`${where}: ${typeName} has no element ${name}`);
    const base = name.slice(0, -3);
    const types = element.type.map((t) => t.code);
    // A type slice (value[x]:valueCodeableConcept) fixes the type; without one the value decides it.
    const chosen = slice ? types.find((t) => `${base}${upper(t)}` === slice) : undefined;
    if (slice && !chosen) throw bad(`${where}: ${slice} is not a type of ${typeName}.${name}`);
    return chosen
      ? { key: slice!, types: [chosen], isArray: false }
      : { key: base, types, isArray: false, choice: base };
  }
  const element = elements[name];
  if (element) return { key: name, types: element.type.map((t) => t.code), isArray: element.max > 1 };
  // A choice named by its type (valueCodeableConcept), as FHIRPath spells it.
  for (const [key, choice] of Object.entries(elements)) {
    if (!key.endsWith('[x]')) continue;
    const type = choice.type.find((t) => `${key.slice(0, -3)}${upper(t.code)}` === name);
    if (type) return { key: name, types: [type.code], isArray: false };
  }
  throw bad(`${where}: ${typeName} has no element ${name}`);
}

/**
 * Resolves a definition URI to the steps from the resource to the element.
 * @param definition - `<canonical>#<element id or path>`, e.g. `…/oncoagent-tnm-category#Observation.method`.
 * @param where - Names the Questionnaire element in error messages.
 * @returns The canonical, the resource type and the steps; throws a 400 OperationOutcomeError for an unknown element.
 */
export function resolveDefinition(definition: string, where: string): ElementTarget {
  ensureDefinitions();
  const hash = definition.indexOf('#');
  if (hash < 0) throw bad(`${where}: the definition ${definition} names no element (<profile>#<path>)`);
  const [resourceType, ...segments] = definition.slice(hash + 1).split('.');
  if (!resourceType || !/^[A-Z][A-Za-z]+$/.test(resourceType)) throw bad(`${where}: bad definition ${definition}`);
  const steps: PathStep[] = [];
  let type = resourceType;
  for (const segment of segments) {
    if (steps.at(-1)?.choice) throw bad(`${where}: name the type of ${steps.at(-1)!.key}[x] before going into it`);
    const s = step(type, segment, where);
    steps.push(s);
    type = s.types[0] ?? type;
  }
  return { canonical: definition.slice(0, hash), resourceType, steps };
}

type Json = Record<string, unknown>;

/** Whether the path below `node` already ends in a value that does not repeat. */
function filled(node: Json, steps: PathStep[]): boolean {
  const [first, ...rest] = steps;
  if (!first) return false;
  const value = node[first.key];
  if (value === undefined) return false;
  if (rest.length === 0) return !first.isArray;
  const child = Array.isArray(value) ? value.at(-1) : value;
  return !!child && typeof child === 'object' && filled(child as Json, rest);
}

/**
 * Writes one value at a resolved path. Repeating leaves get the value appended; a repeating element on the way is
 * reused until the leaf in it is taken, then a new one is started (so `identifier.system` and `identifier.value` fill
 * one identifier, while three `hasMember.reference` values make three members).
 * @param resource - The resource being built (changed in place).
 * @param steps - The resolved steps, the last one with its key already chosen.
 * @param value - The value to write (JSON).
 */
export function writeAt(resource: Json, steps: PathStep[], value: unknown): void {
  let node = resource;
  steps.forEach((s, i) => {
    const last = i === steps.length - 1;
    if (last) {
      if (s.isArray) node[s.key] = [...((node[s.key] as unknown[]) ?? []), value];
      else node[s.key] = value;
      return;
    }
    const rest = steps.slice(i + 1);
    if (s.isArray) {
      const list = (node[s.key] as Json[] | undefined) ?? [];
      node[s.key] = list;
      const current = list.at(-1);
      if (current && !filled(current, rest)) node = current;
      else {
        const fresh: Json = {};
        list.push(fresh);
        node = fresh;
      }
    } else {
      node[s.key] ??= {};
      node = node[s.key] as Json;
    }
  });
}
