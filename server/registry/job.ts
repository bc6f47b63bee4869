// One registry job: one patient's workup (offline or with the configured model) and synoptic forms of their pathology
// reports, turned into the write-back plan, committed with `--write`, and returned as resources with ids. The same
// function runs in-process and in `oncoagent worker`; its data holds no credentials (those come from the runner).
import { dirname } from 'node:path';
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import type { SynopticInput } from '../../common/contracts';
import type { PatientRecord } from '../../common/record/patient-record';
import type { WorkupDeps } from '../agent/deps';
import { runWorkup } from '../agent/run-workup';
import { createFhirClient, withSignal } from '../fhir/fhir-client';
import { loadPatientRecord } from '../fhir/load-record';
import type { Model } from '../llm';
import { extractSynoptic } from '../synoptic/extract';
import { toQuestionnaireResponse } from '../synoptic/response';
import { loadTemplate } from '../synoptic/template';
import { buildPlan, commitPlan } from '../writeback';
import { uuidFor } from '../writeback/items';
import { synopticObservations } from '../writeback/synoptic-observations';
import { registryError } from './errors';
import { pathologyReports } from './pathology';
import { readRecordFile } from './record';
import { sharedResources } from './spool';
import type { TokenSource } from './token-source';

export type JobPart = 'workup' | 'synoptic';

/** What a job needs to know: serialisable, no secrets (it travels through Redis). */
export interface JobData {
  runId: string;
  patientId: string;
  fhirBase: string;
  what: JobPart[];
  write: boolean;
  /** The coordinator's spooled record; a worker that cannot read it loads the record from the FHIR server. */
  recordFile?: string;
}

/** What a job gives back: the resources it produced (ids set, references resolved) and what it wrote. */
export interface JobResult {
  patientId: string;
  resources: Resource[];
  /** Findings the plan could not turn into resources, in words (no patient data). */
  notWritten: number;
  written?: { created: number; existing: number };
  ms: number;
  /** Set by a BullMQ worker: which attempt produced this result, so the coordinator need not read the job back. */
  attempts?: number;
}

/** What the runner (in-process engine or worker process) supplies from its own configuration. */
export interface JobDeps {
  workup: WorkupDeps;
  tokens: TokenSource;
  /** The synoptic model (LLM mode); absent: offline rules. */
  synopticModel?: Model;
}

/** The workup id of a job: the same for the same run and patient, so its plan (and resource ids) are stable. */
export const workupIdOf = (runId: string, patientId: string): string => `reg-${runId}-${patientId}`;

async function synopticForms(record: PatientRecord, authored: string, model?: Model): Promise<SynopticInput[]> {
  const subject = { reference: `Patient/${record.patient.id}` };
  const forms: SynopticInput[] = [];
  for (const report of pathologyReports(record.diagnosticReports, record.documentReferences)) {
    const template = loadTemplate(report.template);
    const result = await extractSynoptic(template, report.input, model ? { model } : {});
    const qr = { ...toQuestionnaireResponse(template, result, { authored }), subject };
    forms.push({
      questionnaireResponse: qr,
      observations: synopticObservations(template.questionnaire, qr, { subject }).observations,
    });
  }
  return forms;
}

/**
 * The id a plan entry gets in the run's output: its urn:uuid, except for a Device, which is the same software for every
 * patient and gets one id from its identifier (so the merged Device.ndjson holds each device version once, as the EHR
 * holds it through the conditional create).
 */
function outputId(e: BundleEntry): string {
  const id = e.fullUrl!.replace(/^urn:uuid:/, '');
  const identifier = e.resource?.resourceType === 'Device' ? e.resource.identifier?.[0] : undefined;
  return identifier?.value
    ? uuidFor(`device:${identifier.system ?? ''}|${identifier.value}`).replace(/^urn:uuid:/, '')
    : id;
}

/** The plan's entries as resources: the urn:uuid fullUrl becomes the id, references inside the plan become Type/id. */
export function planResources(bundle: Bundle): Resource[] {
  const map = new Map<string, string>();
  for (const e of bundle.entry ?? []) {
    if (e.fullUrl && e.resource) map.set(e.fullUrl, `${e.resource.resourceType}/${outputId(e)}`);
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = k === 'reference' && typeof v === 'string' ? (map.get(v) ?? v) : rewrite(v);
    return out;
  };
  return (bundle.entry ?? []).flatMap((e) =>
    e.resource && e.fullUrl ? [{ ...(rewrite(e.resource) as Resource), id: outputId(e) }] : []
  );
}

/**
 * Runs one patient's job.
 * @param data - Run, patient, server, parts and whether to write.
 * @param deps - Workup dependencies, token source and models of the runner.
 * @param signal - Cancellation (a shutting-down worker, an aborted run).
 * @returns The produced resources; throws (an OperationOutcomeError with a patient-free text) when the patient failed.
 */
export async function runJob(data: JobData, deps: JobDeps, signal?: AbortSignal): Promise<JobResult> {
  const t0 = performance.now();
  const fhir = withSignal(
    createFhirClient({ baseUrl: data.fhirBase, token: (await deps.tokens.token()) || undefined }),
    signal
  );
  const spooled = data.recordFile
    ? readRecordFile(data.recordFile, sharedResources(dirname(data.recordFile)))
    : undefined;
  const record = spooled ?? (await loadPatientRecord(fhir, data.patientId, signal));
  const result = await runWorkup({
    ...deps.workup,
    traceDir: undefined,
    fhir,
    patientId: data.patientId,
    id: workupIdOf(data.runId, data.patientId),
    signal,
    loadRecord: async () => record,
    // Synoptic only: the plan still needs a workup (patient, agent, time) but no tool runs.
    ...(data.what.includes('workup') ? {} : { tools: [] }),
  });
  const forms = data.what.includes('synoptic') ? await synopticForms(record, result.createdAt, deps.synopticModel) : [];
  const plan = buildPlan({ workup: result, synoptic: forms });
  if (!plan.valid) {
    const first = (plan.outcome.issue ?? []).find((i) => i.severity === 'error' || i.severity === 'fatal');
    throw registryError('invalid', `The write-back plan is not valid: ${first?.details?.text ?? 'see validate'}`);
  }
  let written: JobResult['written'];
  if (data.write) {
    const report = await commitPlan(fhir, plan.bundle, signal);
    if (!report.ok) throw registryError('exception', `The EHR did not take the whole plan: ${report.message}`);
    written = { created: report.created.length, existing: report.existing.length };
  }
  return {
    patientId: data.patientId,
    resources: planResources(plan.bundle),
    notWritten: plan.notWritten.length,
    ...(written ? { written } : {}),
    ms: Math.round(performance.now() - t0),
  };
}
