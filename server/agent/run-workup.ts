// The workup loop: load the record → plan → rounds of tool calls (parallel, policy-checked, ≤ maxCallsPerRound,
// ≤ maxRounds) → findings → cited answer → WorkupResult. Tool failures are observations; loop-level failures end the
// tool phase and are reported in `problems`; only an unreadable record or cancellation fails the whole run.
import type { EventSink, WorkupMode, WorkupResult } from '../../common/contracts';
import type { PatientRecord } from '../../common/record/patient-record';
import type { AnswerDeps, Answerer } from '../answer/types';
import type { FhirClient } from '../fhir/fhir-client';
import { loadPatientRecord } from '../fhir/load-record';
import type { Model } from '../llm';
import type { ToolConfig } from '../tools/config';
import { TOOLS } from '../tools/registry';
import type { Tool } from '../tools/types';
import { answerPhase } from './answer-phase';
import { buildFindings } from './findings';
import type { Planner } from './next-step';
import { toOutcome } from './outcome';
import { pathFreeResult } from './path-free';
import { readFacts } from './record/facts';
import { summariseRecord } from './record/summary';
import { toolPhase } from './tool-phase';
import { WorkupRun } from './workup-run';

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
  /** Replaces the record loader (default: loadPatientRecord, one batch request); gets the run's signal. */
  loadRecord?: (fhir: FhirClient, patientId: string, signal?: AbortSignal) => Promise<PatientRecord>;
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

/**
 * Runs one workup.
 * @param o - FHIR client (with the user's token), patient, question, model, answerer, tools, limits, signal, sink.
 * @returns The WorkupResult; rejects (after emitting an `error` event) when the record cannot be read or on cancel.
 */
export async function runWorkup(o: RunWorkupOptions): Promise<WorkupResult> {
  const question = (o.question ?? '').trim();
  const run = new WorkupRun({ id: o.id, patientId: o.patientId, signal: o.signal, emit: o.emit, traceDir: o.traceDir });
  try {
    run.emit({ type: 'status', text: 'Reading the patient record' });
    const record = await run.time('recordMs', () =>
      run.tracer.withSpan('load-record', async (span) => {
        const r = await (o.loadRecord ?? loadPatientRecord)(o.fhir, o.patientId, o.signal);
        span.setOutput(counts(r));
        return r;
      })
    );
    const facts = readFacts(record);
    const names = (record.patient.name ?? []).flatMap((n) => [n.family ?? '', ...(n.given ?? [])]);
    run.identify([
      o.patientId,
      facts.patient.name,
      ...names,
      ...(record.patient.identifier ?? []).map((i) => i.value ?? ''),
    ]);
    run.emit({ type: 'record', patient: facts.patient, counts: counts(record) });
    if (record.truncated.length)
      run.addProblem('record-incomplete', `Some searches did not fit one page: ${record.truncated.join('; ')}`);

    const calls = await toolPhase(run, {
      record,
      facts,
      question,
      tools: o.tools ?? TOOLS,
      toolConfig: o.toolConfig,
      fhir: o.fhir,
      maxRounds: o.maxRounds ?? 4,
      maxCallsPerRound: o.maxCallsPerRound ?? 10,
      // The planner's calls count on the run and on the span open while it plans.
      ...(o.model ? { model: run.meter(o.model) } : {}),
      ...(o.planner ? { planner: o.planner } : {}),
    });
    run.addToolUsage(calls);

    const findings = buildFindings(facts, calls);
    for (const finding of findings) run.emit({ type: 'finding', finding });

    run.emit({ type: 'status', text: 'Writing the cited answer' });
    const answer = await answerPhase(run, {
      answerer: o.answerer,
      question,
      patientSummary: summariseRecord(record, facts),
      findings,
      toolCalls: calls,
      model: o.model,
      retrieve: o.retrieve,
      signal: o.signal,
    });

    const result: WorkupResult = pathFreeResult({
      id: run.id,
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
      usage: run.usage.total(),
      timings: run.timings(),
      ...(run.problems.length ? { problems: [...run.problems] } : {}),
    });
    run.emit({ type: 'done', result });
    return result;
  } catch (err) {
    run.emit({ type: 'error', outcome: toOutcome(err, o.signal) });
    throw err;
  } finally {
    await run.tracer.flush();
  }
}
