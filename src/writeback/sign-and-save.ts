// "Sign and save to chart" as one sequence the UI awaits: who signs, whether the session may write, the signed plan
// (validated by the server), then the shared commit. Each refusal says why and what is in the chart.
import type { Bundle, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { PlanSummaryItem, SynopticInput, WorkupResult, WritebackPlan } from '../../common/contracts';
import type { FhirTransport } from '../../common/fhir/transport';
import type { WorkupApi } from '../workup/api';
import { requestPlan } from './api';
import { type CommitReport, commitPlan } from './commit';
import { missingAccessMessage, missingWriteAccess, signerOf } from './scopes';

export interface SignInput {
  api: WorkupApi;
  workup: WorkupResult;
  forms: SynopticInput[];
  /** The reviewed plan (unsigned): its Bundle tells which resource types will be written. */
  reviewed: WritebackPlan;
  /** Keys of the optional items the clinician left ticked. */
  include: string[];
  /** The granted scopes (token response), or the requested ones when the server did not echo them. */
  grantedScope: string;
  /** fhirclient's `client.getFhirUser()`. */
  fhirUser: string | null;
  /** The signer's name from the fhirUser resource (shown in the report and on the signature). */
  signerName?: string;
  /** The clinician's edited conclusion and comment. */
  review?: { conclusion?: string; comment?: string };
  transport: FhirTransport;
  signal?: AbortSignal;
}

export type SignResult =
  | { ok: true; plan: WritebackPlan; written: CommitReport }
  | {
      ok: false;
      stage: 'identity' | 'scopes' | 'invalid' | 'plan' | 'commit';
      message: string;
      plan?: WritebackPlan;
      /** For a refused commit: what is in the chart and what the EHR refused, entry by entry. */
      written?: CommitReport;
    };

/** The entries of the reviewed plan that the ticked items (and the required ones) would write. */
export function chosenEntries(plan: WritebackPlan, include: string[]): Bundle {
  const wanted = new Set(
    plan.summary.filter((s: PlanSummaryItem) => s.required || include.includes(s.key)).map((s) => s.fullUrl)
  );
  return { ...plan.bundle, entry: (plan.bundle.entry ?? []).filter((e) => wanted.has(e.fullUrl ?? '')) };
}

const errorsOf = (issues: OperationOutcomeIssue[] | undefined): string =>
  (issues ?? [])
    .filter((i) => i.severity === 'error' || i.severity === 'fatal')
    .map((i) => `${i.details?.text ?? i.diagnostics ?? i.code}${i.expression?.length ? ` (${i.expression[0]})` : ''}`)
    .join('; ');

/**
 * Signs and saves the chosen items. The scopes are checked before anything reaches the EHR.
 * @param input - The workup, forms, reviewed plan, ticks, session facts and the Bundle poster.
 * @returns The signed plan and what was written, or the stage that refused and why.
 */
export async function signAndSave(input: SignInput): Promise<SignResult> {
  const signer = signerOf(input.fhirUser);
  if (!signer) {
    return {
      ok: false,
      stage: 'identity',
      message:
        'OncoAgent cannot tell who is signing: the EHR did not identify you as a clinician (Practitioner) in this ' +
        'session (scopes openid and fhirUser). Nothing was written. Relaunch OncoAgent from the EHR.',
    };
  }
  const before = missingWriteAccess(input.grantedScope, chosenEntries(input.reviewed, input.include));
  if (before.length) return { ok: false, stage: 'scopes', message: missingAccessMessage(before) };
  let plan: WritebackPlan;
  try {
    plan = await requestPlan(
      input.api,
      {
        workup: input.workup,
        synoptic: input.forms,
        include: input.include,
        signAs: signer,
        ...(input.signerName ? { signerName: input.signerName } : {}),
        ...(input.review ? { review: input.review } : {}),
      },
      input.signal
    );
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, stage: 'plan', message: `Nothing was written: ${text}.` };
  }
  if (!plan.valid) {
    return {
      ok: false,
      stage: 'invalid',
      plan,
      message: `Nothing was written: the signed plan does not pass validation (${errorsOf(plan.outcome.issue)}).`,
    };
  }
  const after = missingWriteAccess(input.grantedScope, plan.bundle);
  if (after.length) return { ok: false, stage: 'scopes', plan, message: missingAccessMessage(after) };
  const written = await commitPlan(input.transport, plan.bundle, input.signal);
  return written.ok
    ? { ok: true, plan, written }
    : { ok: false, stage: 'commit', plan, message: written.message, written };
}
