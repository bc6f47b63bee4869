// The cited-answer pipeline the agent calls: sub-queries → retrieval per sub-query → merged, deduplicated, numbered
// sources → the model's checked answer, or the extractive report without a model or when the model fails.
import { ModelResponseError, ModelUnavailableError } from '../llm/errors';
import { predict } from '../llm/signature';
import { metered, UsageMeter } from '../llm/usage';
import { recordRefsOf } from './citations';
import { questionFocus } from './direct';
import { gatherEvidence } from './evidence';
import { llmAnswer } from './llm-answer';
import { optionLines, scopeEvidence } from './llm-scope';
import { missingInformation, offlineSuggestions } from './missing';
import { offlineBlocks } from './offline';
import { selectOptions } from './options';
import { citeOptions } from './options/cite';
import { patientFacts } from './patient-facts';
import { findingLines } from './prompt-data';
import { type Block, renderAnswer } from './report';
import { subQueriesSignature } from './signatures';
import { deterministicSubQueries, distinctQueries, MAX_SUB_QUERIES, MIN_SUB_QUERIES } from './sub-queries';
import { parseSummary } from './summary';
import type { CheckContext } from './support';
import { tumoursIn } from './tumour-fit';
import type { Answerer } from './types';

export interface AnswererOptions {
  /** How the citation check judges support with a model: `model` (citation_check signature, default) or `heuristic`. */
  check?: 'model' | 'heuristic';
}

const EXTRACTIVE = 'findings with their sources, guideline sentences quoted for each sub-query, and what is missing';

/** A model failure in words for the status line and the report (no request content). */
function why(err: unknown): string {
  if (err instanceof ModelResponseError && err.refusal) return `the model declined: ${err.refusal.slice(0, 160)}`;
  if (err instanceof ModelUnavailableError) return `the model is unavailable: ${err.message.slice(0, 160)}`;
  return (err instanceof Error ? err.message : String(err)).slice(0, 200);
}

/**
 * Creates the answerer.
 * @param options - How support is judged in model mode.
 * @returns The Answerer: never rejects on a model or retrieval failure (only on cancellation).
 */
export function createAnswerer(options: AnswererOptions = {}): Answerer {
  return async (input, deps) => {
    const status = (text: string) => deps.emit?.({ type: 'status', text });
    const meter = new UsageMeter();
    const model = deps.model && metered(deps.model, meter);
    const aborted = (err: unknown) => {
      if (deps.signal?.aborted) throw err;
    };
    const facts = parseSummary(input.patientSummary);
    const fallbackQueries = deterministicSubQueries(input);
    let subQueries = fallbackQueries;
    let modelProblem: string | undefined;
    if (model) {
      status('Writing sub-queries for the guideline search');
      try {
        const args = {
          question: input.question,
          summary: input.patientSummary,
          findings: findingLines(input.findings),
        };
        const { output } = await predict(model, subQueriesSignature, args, { signal: deps.signal });
        const own = distinctQueries([input.question, ...output.queries].filter((q) => q.trim()));
        subQueries = distinctQueries([...own, ...fallbackQueries]).slice(
          0,
          Math.max(MIN_SUB_QUERIES, Math.min(own.length, MAX_SUB_QUERIES))
        );
      } catch (err) {
        aborted(err);
        if (err instanceof ModelUnavailableError) modelProblem = why(err);
        status(`The model's sub-queries were unusable (${why(err)}); using the record-based sub-queries`);
      }
    }

    status(`Searching the guidelines for ${subQueries.length} sub-queries`);
    const gathered = await gatherEvidence(subQueries, deps.retrieve, deps.signal);
    const notes: string[] = [];
    if (gathered.failures.length) {
      const text = `Guideline retrieval failed for ${gathered.failures.length} of ${subQueries.length} sub-queries: ${gathered.failures[0]}`;
      status(text);
      notes.push(text);
    }
    const ctx: CheckContext = {
      evidence: gathered.evidence,
      toolCalls: input.toolCalls,
      recordRefs: recordRefsOf(input.patientSummary, input.findings),
      summary: input.patientSummary,
      findings: input.findings,
    };
    const missing = missingInformation(input, facts);
    const tumour = tumoursIn(facts.tumourType ?? facts.primaryText ?? '');
    // The decision table and the relevance rules, for both answers: the model sees and may cite what the offline
    // answer would use.
    const patient = patientFacts(input, facts);
    const selection = selectOptions(patient);
    const toCite = [...selection.shown, ...selection.notFor.map((x) => x.option)];
    const cited = await citeOptions(toCite, gathered.evidence, deps.retrieve, deps.signal);

    let answer: { blocks: Block[]; suggestions: string[] } | undefined;
    if (model && !modelProblem) {
      try {
        answer = await llmAnswer({
          input,
          model,
          ctx,
          missing,
          tumour,
          check: options.check ?? 'model',
          scope: scopeEvidence(
            gathered.evidence,
            patient,
            input.question,
            new Set(selection.shown.flatMap((o) => (cited.has(o.id) ? [cited.get(o.id)!] : [])))
          ),
          options: optionLines(selection, cited),
          signal: deps.signal,
          status,
        });
      } catch (err) {
        aborted(err);
        modelProblem = why(err);
      }
    }
    if (modelProblem)
      status(`The model could not write the cited answer (${modelProblem}); the extractive report is given instead`);
    const header = modelProblem
      ? `The model could not write the answer (${modelProblem}), so this is the extractive report: ${EXTRACTIVE}.`
      : `Extractive report (no language model): ${EXTRACTIVE}.`;
    if (!answer) {
      answer = {
        blocks: offlineBlocks({
          ...gathered,
          findings: input.findings,
          subQueries,
          missing,
          ctx,
          tumour,
          asked: input.question.trim() !== '',
          tumourType: facts.tumourType ?? facts.primaryText ?? '',
          notes: [header, ...notes],
          patient,
          facts,
          focus: questionFocus(input.question),
          options: { selection, cited },
        }),
        suggestions: offlineSuggestions(input.findings, missing),
      };
    }
    if (model && !modelProblem && notes.length)
      answer.blocks.unshift(...notes.map((text): Block => ({ kind: 'note', text })));
    const rendered = renderAnswer(answer.blocks, gathered.evidence);
    return {
      subQueries,
      evidence: rendered.evidence,
      answer: { markdown: rendered.markdown, statements: rendered.statements },
      suggestions: answer.suggestions,
      usage: meter.total(),
    };
  };
}
