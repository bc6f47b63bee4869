// Runs the checks in order against one FHIR server: discovery (CapabilityStatement, SMART configuration), the token
// and its scopes, one patient's record, profiles, and optionally the reversible write test. Shared by
// `oncoagent check` and GET /api/check (which never writes).
import { OperationOutcomeError } from '@medplum/core';
import { createFhirClient } from '../fhir/fhir-client';
import { capabilityLines, readCapability } from './capability';
import { profilesLine } from './profiles';
import { confinementLine, recordLine } from './record';
import { type CheckLine, type CheckReport, line, reportOf } from './report';
import { scopeLine } from './scopes';
import { fetchSmartConfig, smartConfigLine } from './smart-config';
import { writeTest } from './write-test';

export interface CheckInput {
  fhirBase: string;
  /** The access token (never printed); none checks the public parts only. */
  token?: string;
  /** The scopes asked for, compared with what the token carries. */
  askedScope: string;
  /** The patient whose record is read (default: the first the server lists). */
  patientId?: string;
  /** The token comes from a launch with this patient: check that reads stay confined to it. */
  launchPatient?: boolean;
  /** The line about how the token was obtained (the CLI's); the API's caller token needs none. */
  authLine?: CheckLine;
  writeTest?: boolean;
  timeoutMs?: number;
}

const UNREACHABLE = new Set(['transient', 'timeout', 'exception']);

/**
 * Runs the checks.
 * @param input - Server, token, scopes, patient and whether to write.
 * @returns The report (exit code 2 when the server could not be reached at all).
 */
export async function runChecks(input: CheckInput): Promise<CheckReport> {
  const fhir = createFhirClient({
    baseUrl: input.fhirBase,
    token: input.token,
    timeoutMs: input.timeoutMs ?? 15_000,
    retries: 1,
  });
  const lines: CheckLine[] = [];
  try {
    lines.push(...capabilityLines(await readCapability(fhir)));
  } catch (err) {
    const issue = err instanceof OperationOutcomeError ? err.outcome.issue?.[0] : undefined;
    const text = issue?.details?.text ?? `Cannot reach the FHIR server at ${fhir.baseUrl}`;
    if (!issue || UNREACHABLE.has(issue.code ?? '')) {
      return reportOf(fhir.baseUrl, [line('discovery.reach', 'FHIR server', 'fail', text)], false);
    }
    lines.push(
      line('discovery.capability', 'CapabilityStatement', 'fail', `[base]/metadata: ${text}`, {
        any: 'serve the CapabilityStatement at [base]/metadata without authentication, as FHIR requires',
      })
    );
  }
  lines.push(smartConfigLine(await fetchSmartConfig(fhir.baseUrl, fhir.timeoutMs)));
  if (input.authLine) lines.push(input.authLine);
  if (!input.token) return reportOf(fhir.baseUrl, lines);
  lines.push(scopeLine(input.askedScope, input.token));
  lines.push(await recordLine(fhir, input.patientId));
  if (input.launchPatient && input.patientId) lines.push(await confinementLine(fhir, input.patientId));
  lines.push(await profilesLine(fhir));
  if (input.writeTest) lines.push(...(await writeTest(fhir)));
  return reportOf(fhir.baseUrl, lines);
}
