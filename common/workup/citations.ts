// Reads citation markers — "[3]", "[1, 2]", "[Tool:c1]", "[Record:Observation/o1]" in answers, "source:3" tokens in
// findings — and resolves each to the passage, tool call or record item it names, so every claim can be opened.
import type { Resource } from '@medplum/fhirtypes';
import type { EvidenceItem, WorkupToolCall } from '../contracts';

/** What a citation names. */
export type CitationRef =
  | { kind: 'source'; n: number }
  | { kind: 'tool'; id: string }
  | { kind: 'record'; ref: string };

/** A citation resolved against the workup; `missing` when it names nothing that exists (shown as such, never hidden). */
export type ResolvedCitation =
  | { kind: 'source'; ref: CitationRef; evidence: EvidenceItem }
  | { kind: 'tool'; ref: CitationRef; call: WorkupToolCall }
  | { kind: 'record'; ref: CitationRef; resource: Resource }
  | { kind: 'missing'; ref: CitationRef };

/** Ranges such as "[2-4]" are expanded only up to this length, so a typo cannot make hundreds of buttons. */
const MAX_RANGE = 20;

/**
 * Parses one citation token: "3", "Source 3", "source:3", "Tool:c1", "tool:c1", "Record:Observation/o1".
 * @param token - The token, without brackets.
 * @returns The refs it names (a range gives several), or null when it is not a citation.
 */
export function parseCitationToken(token: string): CitationRef[] | null {
  const t = token.trim();
  const n = /^(?:source\s*:?\s*)?(\d{1,3})$/i.exec(t);
  if (n) {
    return [{ kind: 'source', n: Number(n[1]) }];
  }
  const range = /^(\d{1,3})\s*[-–]\s*(\d{1,3})$/.exec(t);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return to >= from && to - from < MAX_RANGE
      ? Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'source', n: from + i }))
      : null;
  }
  const named = /^(tool|record)\s*:\s*(\S+)$/i.exec(t);
  if (!named) {
    return null;
  }
  return named[1]!.toLowerCase() === 'tool' ? [{ kind: 'tool', id: named[2]! }] : [{ kind: 'record', ref: named[2]! }];
}

/**
 * Parses the inside of a bracket: citation tokens separated by commas or semicolons.
 * @param inside - The text between "[" and "]".
 * @returns The refs, or null when any part is not a citation (the bracket is then ordinary text).
 */
export function parseCitationGroup(inside: string): CitationRef[] | null {
  const parts = inside.split(/[,;]/);
  const refs: CitationRef[] = [];
  for (const part of parts) {
    const parsed = parseCitationToken(part);
    if (!parsed) {
      return null;
    }
    refs.push(...parsed);
  }
  return refs.length > 0 ? refs : null;
}

/** What citations are resolved against. */
export interface CitationIndex {
  evidence: EvidenceItem[];
  toolCalls: WorkupToolCall[];
  /** Finds a record resource by "Type/id" (absent when the record is not at hand). */
  findRecord?: (ref: string) => Resource | undefined;
}

/**
 * Resolves a citation. A tool citation may name the call id or, when unambiguous, the tool's name.
 * @param ref - The citation.
 * @param index - Evidence, tool calls and the record lookup.
 * @returns The resolved target, or `missing`.
 */
export function resolveCitation(ref: CitationRef, index: CitationIndex): ResolvedCitation {
  if (ref.kind === 'source') {
    const evidence = index.evidence.find((e) => e.n === ref.n);
    return evidence ? { kind: 'source', ref, evidence } : { kind: 'missing', ref };
  }
  if (ref.kind === 'tool') {
    const byName = index.toolCalls.filter((c) => c.tool === ref.id);
    const call = index.toolCalls.find((c) => c.id === ref.id) ?? (byName.length === 1 ? byName[0] : undefined);
    return call ? { kind: 'tool', ref, call } : { kind: 'missing', ref };
  }
  const resource = index.findRecord?.(ref.ref.replace(/^\/+/, ''));
  return resource ? { kind: 'record', ref, resource } : { kind: 'missing', ref };
}

/**
 * A stable key for a citation (React keys, "is this the open one").
 * @param ref - The citation.
 * @returns e.g. "source:3", "tool:c1", "record:Observation/o1".
 */
export function citationKey(ref: CitationRef): string {
  return ref.kind === 'source' ? `source:${ref.n}` : ref.kind === 'tool' ? `tool:${ref.id}` : `record:${ref.ref}`;
}
