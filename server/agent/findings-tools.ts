// Findings from tool results: each tool's adapter (server/tools/<name>/adapters.ts) words its own findings; this file
// only cites each one as `tool:<id>`, in call order.

import type { Finding, WorkupToolCall } from '../../common/contracts';
import { findingsOf } from '../tools/adapter-registry';
import type { RecordFacts } from './record/facts';

/**
 * Findings from the finished calls (errors and unavailable tools give none; they are reported as tool calls).
 * @param calls - The workup's calls.
 * @param facts - The record's facts (dates of images).
 * @returns The findings, in call order.
 */
export function toolFindings(calls: WorkupToolCall[], facts: RecordFacts): Finding[] {
  const out: Finding[] = [];
  for (const call of calls.filter((c) => c.status === 'ok' && c.output !== undefined)) {
    for (const { kind, text } of findingsOf(call, facts)) out.push({ kind, text, sources: [`tool:${call.id}`] });
  }
  return out;
}
