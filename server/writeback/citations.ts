// Reads the citation tokens of a workup (`record:Type/id`, `tool:<callId>`) to find which record resources a tool
// call's result was stated with: the variant behind a therapy match, the cancer Condition behind a stage.
import type { WorkupResult } from '../../common/contracts';

const RECORD = /^record:([A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64})$/;
const STUDY_INSTANCE = /^(ImagingStudy\/[A-Za-z0-9\-.]{1,64})\/series\//;
const DOCUMENT = /^((?:DocumentReference|ImagingStudy)\/[A-Za-z0-9\-.]{1,64})$/;

/** `Type/id` of a `record:` token, or undefined. */
export function recordRef(token: string | number): string | undefined {
  return typeof token === 'string' ? RECORD.exec(token)?.[1] : undefined;
}

/** Every citation group of the workup: each finding's sources and each answer statement's citations. */
function groups(workup: WorkupResult): (string | number)[][] {
  return [...workup.findings.map((f) => f.sources), ...workup.answer.statements.map((s) => s.citations)];
}

/**
 * Record references cited in the same finding or statement as a tool call.
 * @param workup - The workup.
 * @param callId - The tool call id (cited as `tool:<id>`).
 * @param resourceType - Only references of this type.
 * @returns Unique `Type/id` references, in order of first citation.
 */
export function citedWith(workup: WorkupResult, callId: string, resourceType: string): string[] {
  const out = new Set<string>();
  for (const group of groups(workup)) {
    if (!group.includes(`tool:${callId}`)) continue;
    for (const token of group) {
      const ref = recordRef(token);
      if (ref?.startsWith(`${resourceType}/`)) out.add(ref);
    }
  }
  return [...out];
}

/**
 * The record resource an image or feature-bag argument names: `ImagingStudy/<id>` for a study instance,
 * the `DocumentReference/<id>` itself, else undefined (files, URLs, Binary, inline data).
 * @param arg - The tool argument.
 * @returns `Type/id` or undefined.
 */
export function inputRef(arg: unknown): string | undefined {
  if (typeof arg !== 'string') return undefined;
  return STUDY_INSTANCE.exec(arg)?.[1] ?? DOCUMENT.exec(arg)?.[1];
}

/**
 * Every record resource the workup rests on: cited anywhere, or read by a tool (images, feature bags).
 * @param workup - The workup.
 * @returns Unique `Type/id` references.
 */
export function recordInputs(workup: WorkupResult): string[] {
  const out = new Set<string>();
  for (const token of groups(workup).flat()) {
    const ref = recordRef(token);
    if (ref) out.add(ref);
  }
  for (const call of workup.toolCalls) {
    const args = (call.args ?? {}) as Record<string, unknown>;
    for (const value of [args.image, args.features]) {
      const ref = inputRef(value);
      if (ref) out.add(ref);
    }
  }
  return [...out];
}
