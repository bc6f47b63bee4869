// The workup loop: load the record → plan → rounds of tool calls (parallel, policy-checked, ≤ maxCallsPerRound,
// ≤ maxRounds) → findings → cited answer → WorkupResult. Tool failures are observations; loop-level failures end the
// tool phase and are reported in `problems`; only an unreadable record or cancellation fails the whole run.
import { randomUUID } from 'node:crypto';
import type { PatientRecord } from '../../common/record/patient-record';
import type { AnswerDeps, Answerer, AnswerOutput } from '../answer/types';
import type { FhirClient } from '../fhir/fhir-client';
import { loadPatientRecord } from '../fhir/load-record';
import { type Model, metered, UsageMeter } from '../llm';
import type { ToolConfig } from '../tools/config';
import { TOOLS } from '../tools/registry';
import type { Tool } from '../tools/types';
import { fallbackAnswer } from './answer-fallback';
import type { AgentEvent, EventSink } from './events';
import { buildFindings } from './findings';
import type { Planner } from './next-step';
import { toOutcome } from './outcome';
import { pathFreeEvent, pathFreeResult } from './path-free';
import { readFacts } from './record/facts';
import { summariseRecord } from './record/summary';
import { toolPhase } from './tool-phase';
import { createTracer, type SpanHandle } from './trace';
import type { WorkupMode, WorkupProblem, WorkupResult, WorkupToolCall } from './workup-result';

export interface RunWorkupOptions {
  fhir: FhirClient;
  patientId: string;
  question?: string;
  /** The planning/answering model; absent = deterministic mode (rules planner, extractive answer). */
  model?: Model;
  mode?: WorkupMode;
  answerer: Answerer;
  retrieve: AnswerDeps['retrieve'];
  toolConfig: ToolConfig;
  tools?: readonly Tool[];
  maxRounds?: number;
  maxCallsPerRound?: number;
  signal?: AbortSignal;
  emit?: EventSink;
  /** Folder for the JSONL trace; none = no file. */
  traceDir?: string;
  /** The run id (default a random UUID). */
  id?: string;
  /** Replaces the record loader (default: loadPatientRecord, one batch request). */
  loadRecord?: (fhir: FhirClient, patientId: string) => Promise<PatientRecord>;
  /** Replaces the planner chosen from `model`. */
  planner?: Planner;
}

const counts = (r: PatientRecord): Record<string, number> => ({
  conditions: r.conditions.length,
  observations: r.observations.length,
  medications: r.medicationRequests.length + r.medicationStatements.length,
  procedures: r.procedures.length,
  reports: r.diagnosticReports.length,
  imagingStudies: r.imagingStudies.length,
  documents: r.documentReferences.length,
});

/** Token usage that tools spent on their own models (e.g. radiology_report's vision model). */
function toolUsage(calls: WorkupToolCall[]): { llmCalls: number; promptTokens: number; completionTokens: number } {
  const total = { llmCalls: 0, promptTokens: 0, completionTokens: 0 };
  for (const c of calls) {
    const u = (c.output as { usage?: Partial<typeof total> } | undefined)?.usage;
    if (typeof u?.llmCalls !== 'number') continue;
    total.llmCalls += u.llmCalls;
    total.promptTokens += u.promptTokens ?? 0;
    total.completionTokens += u.completionTokens ?? 0;
  }
  return total;
}

/**
 * Runs one workup.
 * @param o - FHIR client (with the user's token), patient, question, model, answerer, tools, limits, signal, sink.
 * @returns The WorkupResult; rejects (after emitting an `error` event) when the record cannot be read or on cancel.
 */
export async function runWorkup(o: RunWorkupOptions): Promise<WorkupResult> {
  const id = o.id ?? randomUUID();
  const question = (o.question ?? '').trim();
  const maxRounds = o.maxRounds ?? 4;
  const maxCallsPerRound = o.maxCallsPerRound ?? 10;
  const tools = o.tools ?? TOOLS;
  const started = performance.now();
  const timings: Record<string, number> = { planMs: 0, toolsMs: 0 };
  const emit = (event: AgentEvent) => {
    try {
      o.emit?.(pathFreeEvent(event));
    } catch {
      // A listener's failure (e.g. a closed stream) must not stop the workup.
    }
  };
  let identifiers: string[] = [o.patientId];
  const tracer = createTracer(id, { dir: o.traceDir, identifiers: () => identifiers });
  const meter = new UsageMeter();
  let active: SpanHandle | undefined;
  const counted = o.model && metered(o.model, meter);
  // The planner's calls are counted on the meter and on the span that is open while it plans.
  const planningModel: Model | undefined = counted && {
    id: counted.id,
    supportsVision: counted.supportsVision,
    async generate(req) {
      const res = await counted.generate(req);
      active?.addUsage(res.usage);
      return res;
    },
  };
  try {
    emit({ type: 'status', text: 'Reading the patient record' });
    const t0 = performance.now();
    const record = await tracer.withSpan('load-record', async (span) => {
      const r = await (o.loadRecord ?? loadPatientRecord)(o.fhir, o.patientId);
      span.setOutput(counts(r));
      return r;
    });
    timings.recordMs = Math.round(performance.now() - t0);
    const facts = readFacts(record);
    const names = (record.patient.name ?? []).flatMap((n) => [n.family ?? '', ...(n.given ?? [])]);
    identifiers = [
      o.patientId,
      facts.patient.name,
      ...names,
      ...(record.patient.identifier ?? []).map((i) => i.value ?? ''),
    ];
    emit({ type: 'record', patient: facts.patient, counts: counts(record) });
    const problems: WorkupProblem[] = record.truncated.length
      ? [{ code: 'record-incomplete', message: `Some searches did not fit one page: ${record.truncated.join('; ')}` }]
      : [];

    const calls = await toolPhase(o, {
      record,
      facts,
      question,
      tools,
      maxRounds,
      maxCallsPerRound,
      problems,
      emit,
      timings,
      tracer,
      planningModel,
      setActive: (h) => {
        active = h;
      },
    });

    const findings = buildFindings(facts, calls);
    for (const finding of findings) emit({ type: 'finding', finding });

    emit({ type: 'status', text: 'Writing the cited answer' });
    const t1 = performance.now();
    let answer: AnswerOutput;
    try {
      answer = await tracer.withSpan('answer', async (span) => {
        const out = await o.answerer(
          { question, patientSummary: summariseRecord(record, facts), findings, toolCalls: calls },
          {
            model: o.model,
            retrieve: o.retrieve,
            signal: o.signal,
            // The loop itself emits evidence, answer and the end of the run.
            emit: (e) => (e.type === 'status' ? emit(e) : undefined),
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
      if (o.signal?.aborted) throw err;
      const message = err instanceof Error ? err.message : String(err);
      problems.push({ code: 'answer-failed', message: `The cited answer could not be written: ${message}` });
      answer = fallbackAnswer(findings);
    }
    timings.answerMs = Math.round(performance.now() - t1);
    if (answer.evidence.length) emit({ type: 'evidence', evidence: answer.evidence });
    emit({ type: 'answer', markdown: answer.answer.markdown, statements: answer.answer.statements });

    const usage = meter.total();
    for (const extra of [answer.usage, toolUsage(calls)]) {
      usage.llmCalls += extra.llmCalls;
      usage.promptTokens += extra.promptTokens;
      usage.completionTokens += extra.completionTokens;
    }
    timings.totalMs = Math.round(performance.now() - started);
    const result: WorkupResult = pathFreeResult({
      id,
      patient: facts.patient,
      fhirBase: o.fhir.baseUrl,
      question,
      mode: o.mode ?? (o.model ? 'openai' : 'none'),
      createdAt: new Date().toISOString(),
      toolCalls: calls,
      findings,
      evidence: answer.evidence,
      answer: answer.answer,
      suggestions: answer.suggestions,
      usage,
      timings,
      ...(problems.length ? { problems } : {}),
    });
    emit({ type: 'done', result });
    return result;
  } catch (err) {
    emit({ type: 'error', outcome: toOutcome(err, o.signal) });
    throw err;
  } finally {
    await tracer.flush();
  }
}
