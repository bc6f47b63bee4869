// A follow-up question on a finished workup: the record is read again with the caller's own FHIR client, the earlier
// tool results and answer are kept as context, only the calls the question adds are run (through the same tool phase:
// policy, validation, timeouts, unavailable), guideline evidence is retrieved for the new question and a cited answer
// is written. The result is a workup result naming its parent, so a follow-up can itself be followed up.
import { OperationOutcomeError } from '@medplum/core';
import type { EventSink, FollowUpResult, WorkupResult } from '../../common/contracts';
import type { PatientRecord } from '../../common/record/patient-record';
import type { FhirClient } from '../fhir/fhir-client';
import { loadPatientRecord } from '../fhir/load-record';
import { TOOLS } from '../tools/registry';
import type { Tool } from '../tools/types';
import { answerPhase } from './answer-phase';
import type { WorkupDeps } from './deps';
import { buildFindings } from './findings';
import { earlierAnswerLine } from './follow-up-context';
import { conflict, toOutcome } from './outcome';
import { pathFreeResult } from './path-free';
import { createFollowUpPlanner } from './planner/follow-up';
import { readFacts } from './record/facts';
import { summariseRecord } from './record/summary';
import { toolPhase } from './tool-phase';
import { WorkupRun } from './workup-run';

export interface FollowUpOptions extends Omit<WorkupDeps, 'traceDir'> {
  /** The finished workup (or follow-up) the question is about. */
  parent: WorkupResult;
  /** The caller's FHIR client: the record is read again with the caller's rights, never taken from another run. */
  fhir: FhirClient;
  /** The follow-up question (already validated: 1–2000 characters). */
  question: string;
  tools?: readonly Tool[];
  signal?: AbortSignal;
  emit?: EventSink;
  traceDir?: string;
  /** The run id (default a random UUID). */
  id?: string;
  /** Replaces the record loader (tests). */
  loadRecord?: (fhir: FhirClient, patientId: string, signal?: AbortSignal) => Promise<PatientRecord>;
}

/**
 * Runs one follow-up.
 * @param o - Parent result, the caller's FHIR client, the question and the workup dependencies.
 * @returns The follow-up result; rejects (after an `error` event) when the record cannot be read, belongs to another
 *   patient than the parent's, or on cancellation.
 */
export async function runFollowUp(o: FollowUpOptions): Promise<FollowUpResult> {
  const { parent } = o;
  const question = o.question.trim();
  const patientId = parent.patient.id;
  const run = new WorkupRun({ id: o.id, patientId, signal: o.signal, emit: o.emit, traceDir: o.traceDir });
  try {
    run.emit({ type: 'status', text: 'Reading the patient record again for the follow-up' });
    const record = await run.time('recordMs', () =>
      run.tracer.withSpan('load-record', () => (o.loadRecord ?? loadPatientRecord)(o.fhir, patientId, o.signal))
    );
    if (record.patient.id !== patientId) {
      throw new OperationOutcomeError(conflict('The record read is not the patient of the workup'));
    }
    const facts = readFacts(record);
    run.identify([patientId, facts.patient.name, ...(record.patient.identifier ?? []).map((i) => i.value ?? '')]);
    run.emit({ type: 'record', patient: facts.patient, counts: { toolCallsKept: parent.toolCalls.length } });

    const model = o.model ? run.meter(o.model) : undefined;
    const added = await toolPhase(run, {
      record,
      facts,
      question,
      tools: o.tools ?? TOOLS,
      toolConfig: o.toolConfig,
      fhir: o.fhir,
      maxRounds: o.maxRounds,
      maxCallsPerRound: o.maxCallsPerRound,
      planner: createFollowUpPlanner({ parent, maxRounds: o.maxRounds, ...(model ? { model } : {}) }),
    });
    run.addToolUsage(added);
    const calls = [...parent.toolCalls, ...added];
    const findings = buildFindings(facts, calls);
    for (const finding of findings) run.emit({ type: 'finding', finding });

    run.emit({ type: 'status', text: 'Writing the cited answer to the follow-up' });
    const summary = `${summariseRecord(record, facts)}\n${earlierAnswerLine(parent)}`;
    const answer = await answerPhase(run, {
      answerer: o.answerer,
      question,
      patientSummary: summary,
      findings,
      toolCalls: calls,
      model: o.model,
      retrieve: o.retrieve,
      signal: o.signal,
    });

    const result: FollowUpResult = {
      ...pathFreeResult({
        id: run.id,
        patient: facts.patient,
        fhirBase: o.fhir.baseUrl,
        question,
        mode: o.mode,
        createdAt: new Date().toISOString(),
        toolCalls: calls,
        findings,
        evidence: answer.evidence,
        answer: answer.answer,
        suggestions: answer.suggestions,
        usage: run.usage.total(),
        timings: run.timings(),
        ...(run.problems.length ? { problems: [...run.problems] } : {}),
      }),
      parentId: parent.id,
      ranCallIds: added.map((c) => c.id),
    };
    run.emit({ type: 'done', result });
    return result;
  } catch (err) {
    run.emit({ type: 'error', outcome: toOutcome(err, o.signal) });
    throw err;
  } finally {
    await run.tracer.flush();
  }
}
