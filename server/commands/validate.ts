// `oncoagent validate [--ig mcode|sdc] FILE...`: checks FHIR resources, Bundles (each entry) or NDJSON files (each line)
// against base R4 (required bindings included), the profiles of fhir-profiles/ they declare and, with --ig, the
// profiles of the official HL7 package they claim; prints the OperationOutcome issues. Exit 0 valid, 1 invalid,
// 2 when a guide is not available (not cached and not fetchable).
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { OperationOutcome, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import {
  IG_IDS,
  IgUnavailableError,
  type LoadedIg,
  loadIg,
  resolverOf,
  validateAnyWithIgs,
  validateWithIgs,
} from '../ig';
import { hasErrors, outcomeOf } from '../writeback/validate';
import { CliError, UnavailableError } from './cli-error';

export interface ValidateFlags {
  /** Print the OperationOutcome as JSON instead of one line per issue. */
  json?: boolean;
  /** Implementation guides to validate against as well (mcode, sdc); repeatable or comma-separated. */
  ig?: string | string[];
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${where} is not JSON: ${(err as Error).message}`);
  }
}

/** Validates each line of an NDJSON file, naming the line in every issue; lines may reference each other. */
function validateNdjson(text: string, name: string, igs: LoadedIg[]): OperationOutcome {
  const lines = text
    .split('\n')
    .map((l, i) => [l.trim(), i + 1] as const)
    .filter(([l]) => l)
    .map(([l, n]) => [parseJson(l, `${name} line ${n}`) as Resource, n] as const);
  const resolve = resolverOf(lines.map(([resource]) => ({ resource })));
  const issues = lines.flatMap(([resource, n]) =>
    validateWithIgs(resource, igs, resolve)
      .filter((i) => i.code !== 'informational')
      .map((i) => ({ ...i, expression: (i.expression ?? ['']).map((e) => `line ${n}: ${e}`) }))
  );
  return outcomeOf(issues, `All ${lines.length} lines are valid`);
}

const line = (i: OperationOutcomeIssue): string =>
  `${i.severity.padEnd(11)} ${(i.expression ?? []).join(', ') || '-'}  ${i.details?.text ?? ''}${i.diagnostics && !i.diagnostics.startsWith('{') ? ` (${i.diagnostics})` : ''}`;

/** The guides named by --ig, loaded (exit 1 for an unknown name, 2 when one cannot be had). */
function guides(ig: ValidateFlags['ig']): LoadedIg[] {
  const ids = [ig ?? []].flat().flatMap((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  );
  return [...new Set(ids)].map((id) => {
    if (!IG_IDS.includes(id)) throw new CliError(`Unknown implementation guide "${id}": use ${IG_IDS.join(' or ')}`);
    try {
      return loadIg(id);
    } catch (err) {
      if (err instanceof IgUnavailableError) throw new UnavailableError(err.outcome.issue?.[0]?.details?.text);
      throw err;
    }
  });
}

async function validateFile(file: string, igs: LoadedIg[]): Promise<OperationOutcome> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const name = basename(file);
  return /\.ndjson$/i.test(file) ? validateNdjson(text, name, igs) : validateAnyWithIgs(parseJson(text, name), igs);
}

/**
 * Runs the command.
 * @param files - Paths of .json resources/Bundles or .ndjson files.
 * @param flags - --json, --ig.
 */
export async function validateCommand(files: string | string[] | undefined, flags: ValidateFlags = {}): Promise<void> {
  const paths = [files ?? []].flat();
  if (paths.length === 0) {
    throw new CliError('validate needs a FILE: a FHIR resource or Bundle (.json) or NDJSON (.ndjson)');
  }
  const igs = guides(flags.ig);
  const invalid: string[] = [];
  let errors = 0;
  for (const file of paths) {
    const outcome = await validateFile(file, igs);
    const head = paths.length > 1 && !flags.json ? `${basename(file)}:\n` : '';
    process.stdout.write(
      flags.json ? `${JSON.stringify(outcome, null, 2)}\n` : `${head}${(outcome.issue ?? []).map(line).join('\n')}\n`
    );
    if (hasErrors(outcome)) {
      invalid.push(basename(file));
      errors += (outcome.issue ?? []).filter((i) => i.severity === 'error' || i.severity === 'fatal').length;
    }
  }
  if (invalid.length) {
    throw new CliError(
      `${invalid.join(', ')} ${invalid.length === 1 ? 'is' : 'are'} not valid: ${errors} error${errors === 1 ? '' : 's'}`
    );
  }
}
