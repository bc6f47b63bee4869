// Checks, before anything is sent to the EHR, that the granted SMART scopes allow writing every resource of a plan.
// Resources about the patient (subject or patient = Patient/…) can be written with patient/ scopes; the others
// (Device, Provenance) lie outside the patient's compartment and need user/ (or system/) scopes.
import type { Bundle, Resource } from '@medplum/fhirtypes';

type Perm = 'c' | 'r' | 'u' | 'd' | 's';

interface Scope {
  context: 'patient' | 'user' | 'system';
  type: string;
  perms: Set<Perm>;
}

const V1: Record<string, Perm[]> = { read: ['r', 's'], write: ['c', 'u', 'd'], '*': ['c', 'r', 'u', 'd', 's'] };

/**
 * Parses the resource scopes of a scope string (SMART v1 `.read/.write/.*` and v2 `.cruds`).
 * @param scope - Space-separated scopes.
 * @returns The resource scopes; other tokens and v2 scopes with search constraints are left out.
 */
export function parseScopes(scope: string): Scope[] {
  return scope.split(/\s+/).flatMap((token) => {
    const m = /^(patient|user|system)\/([A-Za-z]+|\*)\.([a-z*]+)$/.exec(token);
    if (!m) return [];
    const action = m[3] ?? '';
    const perms = V1[action] ?? (/^c?r?u?d?s?$/.test(action) ? (action.split('') as Perm[]) : []);
    return perms.length ? [{ context: m[1] as Scope['context'], type: m[2] ?? '', perms: new Set(perms) }] : [];
  });
}

/** A permission the plan needs and the token lacks, with the scope that would grant it. */
export interface MissingAccess {
  resourceType: string;
  perm: 'c' | 's' | 'r';
  /** e.g. `patient/Observation.c` or `user/Device.c`. */
  scope: string;
}

const aboutPatient = (r: Resource): boolean => {
  const ref = (r as { subject?: { reference?: string }; patient?: { reference?: string } }).subject?.reference;
  return typeof ref === 'string' && /(^|\/)Patient\/[^/]+$/.test(ref);
};

/**
 * What the granted scopes do not allow of a plan: creating each resource, and searching for it (the idempotency
 * check looks up each entry's identifier before writing).
 * @param scope - The granted scopes.
 * @param plan - The plan Bundle.
 * @returns The missing permissions, one per resource type and permission.
 */
export function missingWriteAccess(scope: string, plan: Bundle): MissingAccess[] {
  const scopes = parseScopes(scope);
  const missing = new Map<string, MissingAccess>();
  for (const entry of plan.entry ?? []) {
    const resource = entry.resource;
    if (!resource) continue;
    const patientOk = aboutPatient(resource);
    for (const perm of ['c', 's'] as const) {
      const granted = scopes.some(
        (s) =>
          (s.type === '*' || s.type === resource.resourceType) &&
          s.perms.has(perm) &&
          (s.context !== 'patient' || patientOk)
      );
      const key = `${resource.resourceType}.${perm}`;
      if (!granted && !missing.has(key)) {
        const context = patientOk ? 'patient' : 'user';
        missing.set(key, { resourceType: resource.resourceType, perm, scope: `${context}/${key}` });
      }
    }
  }
  // Servers that validate claimed profiles (Medplum) read them with the writer's access.
  const claimsProfiles = (plan.entry ?? []).some((e) => e.resource?.meta?.profile?.length);
  const readsProfiles = scopes.some((s) => (s.type === '*' || s.type === 'StructureDefinition') && s.perms.has('r'));
  if (claimsProfiles && !readsProfiles) {
    missing.set('StructureDefinition.r', {
      resourceType: 'StructureDefinition',
      perm: 'r',
      scope: 'user/StructureDefinition.rs',
    });
  }
  return [...missing.values()];
}

/**
 * Things the granted scopes will not stop but that the clinician should know before signing.
 * @param scope - The granted scopes.
 * @param plan - The plan Bundle.
 * @returns Sentences (empty when none).
 */
export function scopeWarnings(scope: string, plan: Bundle): string[] {
  const scopes = parseScopes(scope);
  const out: string[] = [];
  const results = new Set(
    (plan.entry ?? [])
      .map((e) => e.resource?.resourceType ?? '')
      .filter((t) => ['Observation', 'DiagnosticReport', 'QuestionnaireResponse'].includes(t))
  );
  const noUpdate = [...results].filter(
    (t) => !scopes.some((s) => (s.type === '*' || s.type === t) && s.perms.has('u'))
  );
  if (noUpdate.length) {
    out.push(
      `Your session cannot update ${noUpdate.join(', ')}: results already in the chart as preliminary stay unsigned, ` +
        'and earlier results this signature replaces are not marked superseded.'
    );
  }
  const tokens = scope.split(/\s+/);
  const firstWildcard = tokens.findIndex((t) => /^(patient|user|system)\/\*\./.test(t));
  const laterWrite = tokens.findIndex(
    (t, i) => i > firstWildcard && /^(patient|user|system)\/[A-Za-z]+\.[a-z]*c/.test(t)
  );
  if (firstWildcard >= 0 && laterWrite > firstWildcard) {
    out.push(
      `Your session's scopes start with a wildcard (${tokens[firstWildcard]}); some EHRs (Medplum among them) then ` +
        'ignore the write scopes after it and refuse the save. Ask for explicit per-type scopes.'
    );
  }
  return out;
}

const PLURAL: Record<string, string> = {
  Provenance: 'Provenance',
  Device: 'Devices',
  StructureDefinition: 'results that claim profiles (StructureDefinition read)',
};
/** Results first, then what records how they were made. */
const ORDER = [
  'Observation',
  'DiagnosticReport',
  'QuestionnaireResponse',
  'Device',
  'Provenance',
  'StructureDefinition',
];
const rank = (type: string): number => (ORDER.includes(type) ? ORDER.indexOf(type) : ORDER.length);

/**
 * The message for a session whose scopes do not allow the write-back.
 * @param missing - From {@link missingWriteAccess} (not empty).
 * @returns A sentence naming what cannot be written and the scopes to ask for.
 */
export function missingAccessMessage(missing: MissingAccess[]): string {
  const sorted = [...missing].sort((a, b) => rank(a.resourceType) - rank(b.resourceType));
  const types = [...new Set(sorted.map((m) => PLURAL[m.resourceType] ?? `${m.resourceType}s`))];
  const list = types.length > 1 ? `${types.slice(0, -1).join(', ')} and ${types[types.length - 1]}` : types[0];
  return (
    `Your EHR session does not allow OncoAgent to write ${list} to the chart (missing scopes: ` +
    `${sorted.map((m) => m.scope).join(', ')}); nothing was written. Ask your EHR administrator to grant these ` +
    'scopes to OncoAgent, then relaunch it from the EHR.'
  );
}

/**
 * The signing clinician from the id_token's fhirUser.
 * @param fhirUser - `Practitioner/<id>` (fhirclient's `client.getFhirUser()`), or an absolute URL ending so.
 * @returns `Practitioner/<id>` or `PractitionerRole/<id>`, or null when the user is not a clinician (or unknown).
 */
export function signerOf(fhirUser: string | null | undefined): string | null {
  const m = /(?:^|\/)((?:Practitioner|PractitionerRole)\/[A-Za-z0-9\-.]{1,64})$/.exec(fhirUser ?? '');
  return m?.[1] ?? null;
}
