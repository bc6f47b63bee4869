// Validation of resources and write-back plans: base R4, the profiles a resource declares (ours, from fhir-profiles/),
// the codes of our CodeSystems, and for plans the transaction rules that make a commit safe and idempotent.
import { evalFhirPath } from '@medplum/core';
import type {
  Bundle,
  OperationOutcome,
  OperationOutcomeIssue,
  Resource,
  StructureDefinition,
} from '@medplum/fhirtypes';
import { CANONICAL_BASE } from '../fhir/canonical';
import { validateAgainst } from '../fhir/profile-validation';
import { baseBindingIssues } from '../ig/base-bindings';
import { ensureProfiles } from './profiles';

/** One OperationOutcome issue with its text (and path). */
export function issue(
  severity: OperationOutcomeIssue['severity'],
  code: OperationOutcomeIssue['code'],
  text: string,
  expression?: string
): OperationOutcomeIssue {
  return { severity, code, details: { text }, ...(expression ? { expression: [expression] } : {}) };
}

/**
 * Whether an issue is the validator's complaint about a urn:uuid reference. Plan entries (and the resources of a
 * registry run's output before the EHR assigns ids) refer to each other that way: not a problem to report.
 */
export const isPendingReference = (i: OperationOutcomeIssue): boolean =>
  /Invalid reference: got "urn:uuid:/.test(i.details?.text ?? '');

function run(resource: Resource, profile?: StructureDefinition): OperationOutcomeIssue[] {
  const issues = validateAgainst(resource, profile);
  const extra = profile ? [...invariants(resource, profile, issues), ...absentSlices(resource, profile)] : [];
  return [...issues.filter((i) => !isPendingReference(i)), ...extra];
}

/** Required slices of a top-level element the resource does not have at all (the core validator skips those). */
function absentSlices(resource: Resource, profile: StructureDefinition): OperationOutcomeIssue[] {
  const out: OperationOutcomeIssue[] = [];
  for (const e of profile.snapshot?.element ?? []) {
    const name = e.path?.split('.')[1];
    if (!e.sliceName || !e.min || e.path?.split('.').length !== 2 || !name) continue;
    const value = (resource as unknown as Record<string, unknown>)[name];
    if (Array.isArray(value) ? value.length > 0 : value !== undefined) continue;
    const text = `Incorrect number of values provided for slice '${e.sliceName}': expected ${e.min}..${e.max}, but found 0`;
    out.push(issue('error', 'structure', text, e.path));
  }
  return out;
}

/** FHIR JSON never has empty arrays; the core validator lets some through. */
function emptyArrays(value: unknown, path: string, out: OperationOutcomeIssue[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(issue('error', 'structure', 'An array must not be empty in FHIR JSON', path));
    value.forEach((v, i) => {
      emptyArrays(v, `${path}[${i}]`, out);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) emptyArrays(child, `${path}.${key}`, out);
  }
}

/** Our profile's root invariants, each checked (the core validator stops at the first failing one). */
function invariants(
  resource: Resource,
  profile: StructureDefinition,
  found: OperationOutcomeIssue[]
): OperationOutcomeIssue[] {
  const reported = new Set(found.map((i) => i.details?.text));
  const out: OperationOutcomeIssue[] = [];
  for (const c of profile.snapshot?.element?.[0]?.constraint ?? []) {
    if (c.source !== profile.url || c.severity !== 'error' || !c.expression) continue;
    const text = `Constraint ${c.key} not met: ${c.human}`;
    if (reported.has(text)) continue;
    let ok: boolean;
    try {
      const result = evalFhirPath(c.expression, resource);
      ok = result.length === 1 && result[0] === true;
    } catch {
      ok = false;
    }
    if (!ok) out.push(issue('error', 'invariant', text, resource.resourceType));
  }
  return out;
}

/** Codings of our CodeSystems whose code the CodeSystem does not define. */
function unknownCodes(
  value: unknown,
  path: string,
  codes: Map<string, Set<string>>,
  out: OperationOutcomeIssue[]
): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      unknownCodes(v, `${path}[${i}]`, codes, out);
    });
    return;
  }
  if (!value || typeof value !== 'object') return;
  const { system, code } = value as { system?: unknown; code?: unknown };
  if (typeof system === 'string' && typeof code === 'string' && codes.has(system) && !codes.get(system)?.has(code)) {
    out.push(issue('error', 'code-invalid', `Code "${code}" is not defined in ${system}`, path));
  }
  for (const [key, child] of Object.entries(value)) unknownCodes(child, `${path}.${key}`, codes, out);
}

/**
 * Results of recent validations by resource content. Validation is a pure function of the resource and our profiles
 * (fixed for the process); plans repeat some resources verbatim (the Device entries of our software), a cohort run
 * thousands of times.
 */
const recent = new Map<string, OperationOutcomeIssue[]>();
const RECENT_MAX = 256;
const validationCache = { hits: 0, misses: 0 };

/** Validations answered from the content cache and computed, since the process started. */
export const validationCacheStats = (): { hits: number; misses: number } => ({ ...validationCache });

/**
 * Validates one resource against base R4 (required bindings included), every profile in its meta.profile that
 * fhir-profiles/ defines, and our codes.
 * @param resource - The resource.
 * @returns The issues (errors, warnings, information); empty when valid and nothing to note. A fresh list each call.
 */
export function validateOne(resource: Resource): OperationOutcomeIssue[] {
  let key: string | undefined;
  try {
    key = JSON.stringify(resource);
  } catch {
    // Not JSON (a cycle): validated as it is, never cached.
  }
  const cached = key === undefined ? undefined : recent.get(key);
  if (cached) {
    validationCache.hits++;
    recent.delete(key!);
    recent.set(key!, cached);
    return structuredClone(cached);
  }
  validationCache.misses++;
  const issues = validateUncached(resource);
  if (key !== undefined) {
    recent.set(key, structuredClone(issues));
    if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value as string);
  }
  return issues;
}

function validateUncached(resource: Resource): OperationOutcomeIssue[] {
  const { profiles, codes } = ensureProfiles();
  if (!resource || typeof resource !== 'object' || typeof resource.resourceType !== 'string') {
    return [issue('error', 'structure', 'Not a FHIR resource: resourceType is missing')];
  }
  const issues: OperationOutcomeIssue[] = [];
  const declared = resource.meta?.profile ?? [];
  const ours = declared.filter((url) => profiles.has(url));
  for (const url of declared) {
    if (profiles.has(url)) continue;
    if (url.startsWith(`${CANONICAL_BASE}/`)) {
      issues.push(issue('error', 'not-found', `Profile ${url} is not defined in fhir-profiles/`, 'meta.profile'));
    } else {
      issues.push(
        issue('information', 'not-supported', `Profile ${url} is not available here: checked against base R4 only`)
      );
    }
  }
  // A profile's snapshot includes every base rule, so base R4 is checked on its own only when no profile of ours applies.
  if (ours.length === 0) issues.push(...run(resource));
  for (const url of ours) {
    const found = run(resource, profiles.get(url));
    const name = url.split('/').pop();
    issues.push(
      ...found.map((i) => ({ ...i, details: { text: `[${name}] ${i.details?.text ?? i.diagnostics ?? ''}` } }))
    );
  }
  unknownCodes(resource, resource.resourceType, codes, issues);
  // Medplum's validator does not evaluate bindings: base R4's required ones (status codes…) are checked here.
  issues.push(...baseBindingIssues(resource));
  emptyArrays(resource, resource.resourceType, issues);
  return issues;
}

/** True when an outcome has an error or fatal issue. */
export function hasErrors(outcome: OperationOutcome): boolean {
  return (outcome.issue ?? []).some((i) => i.severity === 'error' || i.severity === 'fatal');
}

/** The issues as an OperationOutcome, or one information issue saying `okText` when there are none. */
export function outcomeOf(issues: OperationOutcomeIssue[], okText: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.length ? issues : [issue('information', 'informational', okText)],
  };
}

/** Prefixes a resource's issue paths with the entry they belong to. */
export function inEntry(issues: OperationOutcomeIssue[], index: number, resource: Resource): OperationOutcomeIssue[] {
  const where = `Bundle.entry[${index}].resource`;
  const id = idValue(resource);
  const label = `${resource.resourceType}${id ? ` ${id}` : ''}`;
  return issues.map((i) => ({
    ...i,
    expression: (i.expression ?? [resource.resourceType]).map((e) => e.replace(/^[A-Za-z]+/, where)),
    diagnostics: label,
  }));
}

function idValue(resource: Resource): string {
  const ids = (resource as unknown as { identifier?: { value?: string }[] | { value?: string } }).identifier;
  return (Array.isArray(ids) ? ids[0]?.value : ids?.value) ?? '';
}

/**
 * Validates a resource, or each entry of a Bundle (of any type), for `oncoagent validate`.
 * @param value - Parsed JSON.
 * @returns The OperationOutcome (one information issue when everything is valid).
 */
export function validateAny(value: unknown): OperationOutcome {
  const resource = value as Resource;
  if (resource?.resourceType !== 'Bundle') return outcomeOf(validateOne(resource), 'Valid');
  const entries = (resource as Bundle).entry ?? [];
  const issues = entries.flatMap((e, i) => (e.resource ? inEntry(validateOne(e.resource), i, e.resource) : []));
  return outcomeOf(issues, `All ${entries.length} entries are valid`);
}
