// The answer step of a run (a workup or a follow-up): the cited answer written under its own span and timing, the
// findings as the answer when the answer pipeline fails, and the evidence and answer events.
import type { Finding, WorkupToolCall } from '../../common/contracts';
import type { AnswerDeps, Answerer, AnswerOutput } from '../answer/types';
import type { Model } from '../llm';
import { fallbackAnswer } from './answer-fallback';
import type { WorkupRun } from './workup-run';

export interface AnswerPhaseInput {
  answerer: Answerer;
  question: string;
  patientSummary: string;
  findings: Finding[];
  toolCalls: WorkupToolCall[];
  model?: Model;
  retrieve: AnswerDeps['retrieve'];
  signal?: AbortSignal;
}

/**
 * Writes the run's cited answer and emits its evidence and answer.
 * @param run - The run (events, tracer, timings, usage, problems).
 * @param i - Answerer, question, record summary, findings, tool calls and the answer's dependencies.
 * @returns The answer; the findings as statements when the answerer failed (a problem is recorded).
 */
export async function answerPhase(run: WorkupRun, i: AnswerPhaseInput): Promise<AnswerOutput> {
  const answer = await run.time('answerMs', async (): Promise<AnswerOutput> => {
    try {
      return await run.tracer.withSpan('answer', async (span) => {
        const out = await i.answerer(
          { question: i.question, patientSummary: i.patientSummary, findings: i.findings, toolCalls: i.toolCalls },
          {
            model: i.model,
            retrieve: i.retrieve,
            signal: i.signal,
            // The loop itself emits evidence, answer and the end of the run.
            emit: (e) => (e.type === 'status' ? run.emit(e) : undefined),
          }
        );
        span.setOutput({
          subQueries: out.subQueries.length,
          evidence: out.evidence.length,
          statements: out.answer.statements.length,
        });
        span.addUsage(out.usage, out.usage.llmCalls);
        return out;
      });
    } catch (err) {
      if (i.signal?.aborted) throw err;
      const message = err instanceof Error ? err.message : String(err);
      run.addProblem('answer-failed', `The cited answer could not be written: ${message}`);
      return fallbackAnswer(i.findings);
    }
  });
  run.usage.add(answer.usage);
  if (answer.evidence.length) run.emit({ type: 'evidence', evidence: answer.evidence });
  run.emit({ type: 'answer', markdown: answer.answer.markdown, statements: answer.answer.statements });
  return answer;
}
