// One write-back plan request, start to finish, as plain text in and out so it can run in the plan worker thread:
// parse and check the body, make sure the workup is about the caller's patient and EHR, build the plan.
import { OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { PlanRequest } from '../../../common/contracts';
import { forbidden, outcomeStatus, serverError } from '../../agent/outcome';
import { buildPlan } from '../../writeback';
import { parseJsonText } from '../parse';

/** What the worker receives: the raw body and who is asking. */
export interface PlanJobInput {
  body: string;
  caller: { fhirBase: string; patientId: string };
}

/** What the worker sends back: the HTTP status and the JSON text of the plan or of an OperationOutcome. */
export interface PlanJobOutput {
  status: number;
  body: string;
}

const problem = (outcome: OperationOutcome): PlanJobOutput => ({
  status: outcomeStatus(outcome),
  body: JSON.stringify(outcome),
});

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * Builds the write-back plan of one request.
 * @param input - The request body and the caller.
 * @returns Status and JSON text; never throws.
 */
export function planJob(input: PlanJobInput): PlanJobOutput {
  try {
    const request = parseJsonText(input.body, PlanRequest);
    if (
      request.workup.patient.id !== input.caller.patientId ||
      trimSlash(request.workup.fhirBase) !== trimSlash(input.caller.fhirBase)
    ) {
      return problem(forbidden('The workup is about another patient or FHIR server than this session'));
    }
    const plan = buildPlan({
      workup: request.workup,
      synoptic: request.synoptic,
      include: request.include,
      signAs: request.signAs,
      signerName: request.signerName,
      review: request.review,
    });
    return { status: 200, body: JSON.stringify(plan) };
  } catch (err) {
    if (err instanceof OperationOutcomeError) return problem(err.outcome);
    process.stderr.write(`writeback: ${(err as Error).message}\n`);
    return problem(serverError());
  }
}
