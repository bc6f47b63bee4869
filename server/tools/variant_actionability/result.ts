// Assembles the tool output from a query and an answer (offline or OncoKB), with levels, notes and the summary sentence.
import { KNOWLEDGE } from './knowledge';
import type { QueryInput } from './normalise-query';
import { tumourNotes } from './offline';
import { summarise } from './summary';
import { TUMOUR_TYPES } from './tumour-types';
import { type ActionabilityOutput, highestLevel, type Level, type NormalisedQuery, type TherapyOut } from './types';

export interface Answer {
  source: 'oncokb' | 'offline';
  knowledgeVersion: string;
  oncogenicity: string;
  effect: string;
  therapies: TherapyOut[];
  resistance: TherapyOut[];
  notes: string[];
  highestSensitiveLevel?: Level | null;
  highestResistanceLevel?: Level | null;
  highestFdaLevel?: string;
  /** Nothing in the source knows the alteration. */
  unknown: boolean;
}

export const OFFLINE_VERSION = `offline ${KNOWLEDGE.version} (updated ${KNOWLEDGE.updated}; ${KNOWLEDGE.coverage})`;

/**
 * Builds the output object.
 * @param input - The arguments as given.
 * @param q - The normalised query.
 * @param a - The answer.
 * @returns The tool output, summary included.
 */
export function buildOutput(input: QueryInput, q: NormalisedQuery, a: Answer): ActionabilityOutput {
  const code = q.tumourCode;
  const tumour = code ? TUMOUR_TYPES[code] : undefined;
  const statusOnly = q.alteration.kind === 'status';
  const notes = [...a.notes];
  if (statusOnly) {
    notes.push(
      `'${q.alteration.display}' describes a test result; query a specific alteration or biomarker (e.g. MSI-H, TMB-H) instead.`
    );
  }
  if (!a.therapies.some((t) => t.matchType === 'this tumour type')) notes.push(...tumourNotes(code));
  const shown = q.alteration.display;
  // 'Amplification' reads 'ERBB2 amplification'; acronyms (MSI-H, TMB-H) and protein changes keep their case.
  const altWords = /^[A-Z][a-z]/.test(shown) ? shown[0].toLowerCase() + shown.slice(1) : shown;
  const partner = q.alteration.partner ? ` (partner ${q.alteration.partner})` : '';
  const subject = [q.gene, altWords].filter(Boolean).join(' ') + partner;
  const sourceWords = a.source === 'oncokb' ? a.knowledgeVersion : `bundled offline knowledge ${KNOWLEDGE.version}`;
  return {
    query: {
      gene: input.gene,
      alteration: input.alteration,
      tumorType: input.tumorType,
      ...(input.partner ? { partner: input.partner } : {}),
      normalised: {
        gene: q.gene,
        alteration: q.alteration.display + (q.alteration.partner ? ` (${q.alteration.partner})` : ''),
        ...(code ? { tumourType: code, tumourTypeLabel: tumour?.label } : {}),
        ...(tumour?.oncotree ? { oncotreeCode: tumour.oncotree } : {}),
      },
    },
    source: a.source,
    knowledgeVersion: a.knowledgeVersion,
    oncogenicity: statusOnly ? 'Not applicable' : a.oncogenicity,
    effect: a.effect,
    highestSensitiveLevel: a.highestSensitiveLevel ?? highestLevel(a.therapies.map((t) => t.level)),
    highestResistanceLevel: a.highestResistanceLevel ?? highestLevel(a.resistance.map((t) => t.level)),
    ...(a.highestFdaLevel ? { highestFdaLevel: a.highestFdaLevel } : {}),
    therapies: a.therapies,
    resistance: a.resistance,
    notes: [...new Set(notes)],
    summary: summarise({
      subject,
      // Vocabulary labels read as sentence case mid-sentence ('in colorectal cancer'); free text stays as written.
      tumourLabel: tumour ? tumour.label[0].toLowerCase() + tumour.label.slice(1) : q.tumourText,
      oncogenicity: a.oncogenicity,
      therapies: a.therapies,
      resistance: a.resistance,
      sourceWords,
      unknown: a.unknown,
      statusOnly,
    }),
  };
}
