// The Bulk Data kick-off request as data: which level, which types, since when, and which parameters a lenient client
// asked for that the sandbox ignores (FHIR Bulk Data Access IG 2.0.0, "Bulk Data Kick-off Request").
import { badRequest, getResourceTypes, isResourceType, OperationOutcomeError } from '@medplum/core';
import { z } from 'zod';
import { isCompartmentType } from '../fhir/compartment';

/** Where the export starts: the whole server, every patient, or the members of one Group. */
export type ExportLevel = 'system' | 'patient' | 'group';

/** A parameter the client sent that the sandbox did not apply (only with `Prefer: handling=lenient`). */
export interface IgnoredParameter {
  name: string;
  reason: string;
}

/** A validated kick-off request. */
export interface ExportRequest {
  level: ExportLevel;
  /** The Group's id, for a Group-level export. */
  groupId?: string;
  /** The `_type` list (deduplicated, in the client's order); undefined: every type the token may export. */
  types?: string[];
  /** `_since` as an instant: only resources updated after it are exported. */
  since?: string;
  /** Always NDJSON; the three spellings the IG requires are accepted. */
  outputFormat: 'application/fhir+ndjson';
  ignored: IgnoredParameter[];
}

/** The `_outputFormat` spellings the IG requires a server to accept. */
export const OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'] as const;

/** Parameters the IG defines that the sandbox does not implement (refused unless the client is lenient). */
const UNSUPPORTED = ['_elements', 'patient', 'includeAssociatedData', '_typeFilter', '_until', 'organizeOutputBy'];

/** A FHIR instant: date, time to the second, optional fraction, and a zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

const QUERY = z.object({
  _outputFormat: z.enum(OUTPUT_FORMATS, { error: `_outputFormat must be one of ${OUTPUT_FORMATS.join(', ')}` }),
  _since: z
    .string()
    .regex(INSTANT, { error: '_since must be a FHIR instant, e.g. 2026-01-01T00:00:00Z' })
    .refine((s) => !Number.isNaN(Date.parse(s)), { error: '_since is not a valid time' })
    .optional(),
});

const refuse = (text: string): OperationOutcomeError => new OperationOutcomeError(badRequest(text));

/**
 * The resource types a level may export. Patient and Group level: the R4 patient compartment's types, less Group (a
 * cohort list would name patients outside the cohort; read Groups directly). Binary never: its content reaches
 * clients through the DocumentReferences and DiagnosticReports that point at it.
 * @param level - The export level.
 * @returns The types.
 */
export function levelTypes(level: ExportLevel): string[] {
  const all = getResourceTypes().filter((t) => t !== 'Binary' && t !== 'OperationOutcome');
  return level === 'system' ? all : all.filter((t) => t !== 'Group' && isCompartmentType(t));
}

/** The `Prefer` header's preferences, e.g. `respond-async, handling=lenient` → {respond-async, handling=lenient}. */
function preferences(prefer: string | undefined): Set<string> {
  return new Set(
    (prefer ?? '')
      .split(/[,;]/)
      .map((p) => p.trim().toLowerCase().replace(/\s+/g, ''))
      .filter(Boolean)
  );
}

function acceptsFhirJson(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept
    .split(',')
    .map((a) => a.split(';')[0]?.trim().toLowerCase())
    .some((a) => ['application/fhir+json', 'application/json', 'application/*', '*/*'].includes(a ?? ''));
}

/**
 * Validates a kick-off request: `Prefer: respond-async` required, `Accept` (if sent) must allow FHIR JSON; `_type`,
 * `_since`, `_outputFormat` checked; other parameters are refused (400) unless `Prefer: handling=lenient`, which
 * makes the sandbox ignore them and say so in the manifest's `error` files.
 * @param input - The level (and Group id), query parameters and the Accept and Prefer headers.
 * @returns The request; throws a 400 OperationOutcomeError naming what is wrong.
 */
export function parseKickoff(input: {
  level: ExportLevel;
  groupId?: string;
  params: URLSearchParams;
  accept?: string;
  prefer?: string;
}): ExportRequest {
  const prefer = preferences(input.prefer);
  if (!prefer.has('respond-async')) throw refuse('A Bulk Data kick-off needs the header Prefer: respond-async');
  if (!acceptsFhirJson(input.accept)) throw refuse('A Bulk Data kick-off answers application/fhir+json only');
  const lenient = prefer.has('handling=lenient');
  const ignored: IgnoredParameter[] = [];
  const ignoreOrRefuse = (name: string, reason: string): void => {
    if (!lenient) throw refuse(`${reason} (send Prefer: handling=lenient to have it ignored)`);
    ignored.push({ name, reason });
  };

  for (const name of new Set(input.params.keys())) {
    if (name === '_type') continue;
    if (name === '_outputFormat' || name === '_since') {
      if (input.params.getAll(name).length > 1) throw refuse(`${name} may be given once`);
      continue;
    }
    ignoreOrRefuse(
      name,
      UNSUPPORTED.includes(name) ? `The parameter ${name} is not supported by this server` : `Unknown parameter ${name}`
    );
  }

  const parsed = QUERY.safeParse({
    _outputFormat: input.params.get('_outputFormat') ?? 'application/fhir+ndjson',
    _since: input.params.get('_since') ?? undefined,
  });
  if (!parsed.success) throw refuse(parsed.error.issues.map((i) => i.message).join('; '));

  let types: string[] | undefined;
  const listed = input.params.getAll('_type').flatMap((v) => v.split(','));
  if (listed.length > 0) {
    const allowed = new Set(levelTypes(input.level));
    types = [];
    for (const raw of listed.map((t) => t.trim())) {
      if (!raw || types.includes(raw)) continue;
      if (!isResourceType(raw)) ignoreOrRefuse('_type', `_type names an unknown resource type: ${raw}`);
      else if (!allowed.has(raw)) {
        ignoreOrRefuse(
          '_type',
          input.level === 'system'
            ? `${raw} resources cannot be exported`
            : raw === 'Group'
              ? `Group resources are not part of a ${input.level}-level export (read them directly)`
              : `${raw} is outside the patient compartment, so a ${input.level}-level export has none`
        );
      } else types.push(raw);
    }
    if (types.length === 0) throw refuse('_type leaves no resource type to export');
  }

  return {
    level: input.level,
    ...(input.groupId ? { groupId: input.groupId } : {}),
    ...(types ? { types } : {}),
    ...(parsed.data._since ? { since: parsed.data._since } : {}),
    outputFormat: 'application/fhir+ndjson',
    ignored,
  };
}
