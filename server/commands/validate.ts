// `oncoagent validate FILE`: checks a FHIR resource, a Bundle (each entry) or an NDJSON file (each line) against base
// R4 and the profiles of fhir-profiles/ they declare, prints the OperationOutcome issues, exit 1 when invalid.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { hasErrors, validateAny } from '../writeback/validate';
import { CliError } from './cli-error';

interface ValidateFlags {
  /** Print the OperationOutcome as JSON instead of one line per issue. */
  json?: boolean;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${where} is not JSON: ${(err as Error).message}`);
  }
}

/** Validates each line of an NDJSON file, naming the line in every issue. */
function validateNdjson(text: string, name: string): OperationOutcome {
  const lines = text
    .split('\n')
    .map((l, i) => [l.trim(), i + 1] as const)
    .filter(([l]) => l);
  const issues = lines.flatMap(([line, n]) =>
    (validateAny(parseJson(line, `${name} line ${n}`)).issue ?? [])
      .filter((i) => i.code !== 'informational')
      .map((i) => ({ ...i, expression: (i.expression ?? ['']).map((e) => `line ${n}: ${e}`) }))
  );
  return {
    resourceType: 'OperationOutcome',
    issue: issues.length
      ? issues
      : [{ severity: 'information', code: 'informational', details: { text: `All ${lines.length} lines are valid` } }],
  };
}

const line = (i: OperationOutcomeIssue): string =>
  `${i.severity.padEnd(11)} ${(i.expression ?? []).join(', ') || '-'}  ${i.details?.text ?? ''}${i.diagnostics && !i.diagnostics.startsWith('{') ? ` (${i.diagnostics})` : ''}`;

/**
 * Runs the command.
 * @param file - Path of a .json resource/Bundle or an .ndjson file.
 * @param flags - --json.
 */
export async function validateCommand(file: string | undefined, flags: ValidateFlags = {}): Promise<void> {
  if (!file) throw new CliError('validate needs a FILE: a FHIR resource or Bundle (.json) or NDJSON (.ndjson)');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const name = basename(file);
  const outcome = /\.ndjson$/i.test(file) ? validateNdjson(text, name) : validateAny(parseJson(text, name));
  process.stdout.write(
    flags.json ? `${JSON.stringify(outcome, null, 2)}\n` : `${(outcome.issue ?? []).map(line).join('\n')}\n`
  );
  if (hasErrors(outcome)) {
    const errors = (outcome.issue ?? []).filter((i) => i.severity === 'error' || i.severity === 'fatal').length;
    throw new CliError(`${name} is not valid: ${errors} error${errors === 1 ? '' : 's'}`);
  }
}
