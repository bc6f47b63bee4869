// A report prepared once for the rule extractors: sentences with a label-masked copy for matching and the verbatim
// text for quoting, plus the helpers every rule uses to build an answer.
import type { AnswerValue, ItemAnswer } from '../../../common/contracts';
import { maskLabels, splitSentences } from './sentences';

export interface DocSentence {
  index: number;
  /** Verbatim, for evidence. */
  text: string;
  /** Same length, container labels blanked: what the rules match. */
  masked: string;
}

export interface Doc {
  text: string;
  sentences: DocSentence[];
}

/**
 * Prepares a text for the rules.
 * @param text - The part of the report the template reads.
 * @returns Its sentences.
 */
export function makeDoc(text: string): Doc {
  const masked = maskLabels(text);
  return {
    text,
    sentences: splitSentences(text).map((s, index) => ({ index, text: s.text, masked: masked.slice(s.start, s.end) })),
  };
}

/** A rules answer quoting the given sentences (duplicates dropped, report order kept). */
export function ruleAnswer(value: AnswerValue | null, evidence: DocSentence[], explanation: string): ItemAnswer {
  const seen = [...new Map(evidence.map((s) => [s.index, s])).values()].sort((a, b) => a.index - b.index);
  return { value, evidence: seen.map((s) => s.text), explanation, method: 'rules' };
}

/** An unanswered item with the reason. */
export function noAnswer(explanation: string): ItemAnswer {
  return { value: null, evidence: [], explanation, method: 'rules' };
}
