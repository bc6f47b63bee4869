// `oncoagent synoptic`, `oncoagent eval --synoptic DIR` and the synoptic part of `oncoagent bench`: structured synoptic
// pathology from free text, offline by rules or with an LLM and constraint-checked reflection.
import { accessSync, constants, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Strategy } from '../../common/contracts';
import { loadConfig, type OncoConfig } from '../config';
import { ModelUnavailableError } from '../llm/errors';
import type { LlmConfig } from '../llm/select';
import type { Model } from '../llm/types';
import { runBatch } from '../synoptic/batch/batch';
import { readEvalCases } from '../synoptic/eval/cases';
import { evaluate } from '../synoptic/eval/evaluate';
import { DEFAULTS, extractSynoptic, type SynopticOptions } from '../synoptic/extract';
import { decodeText, textKey } from '../synoptic/input';
import { synopticModel } from '../synoptic/llm/model-env';
import { toQuestionnaireResponse } from '../synoptic/response';
import { loadTemplate, TEMPLATE_IDS, type Template } from '../synoptic/template';
import { CliError, UnavailableError } from './cli-error';
import { formatEval, formatResult } from './synoptic-format';

export interface SynopticFlags {
  template?: string;
  text?: string;
  ndjson?: string;
  json?: boolean;
  rounds?: string | number;
  backview?: string | number;
  strategy?: string;
  /** Output NDJSON for --ndjson (default: INPUT with .synoptic.ndjson). */
  out?: string;
  /** none | openai | local: overrides ONCOAGENT_LLM. */
  llm?: string;
}

function positiveInt(value: string | number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 20)
    throw new CliError(`--${name} must be a whole number from 1 to 20 (got ${value})`);
  return n;
}

function templateOf(id: string | undefined): Template {
  if (!id || !(TEMPLATE_IDS as readonly string[]).includes(id)) {
    throw new CliError(`--template must be one of: ${TEMPLATE_IDS.join(', ')}${id ? ` (got "${id}")` : ''}`);
  }
  return loadTemplate(id);
}

function modelOf(llm: LlmConfig, override: string | undefined): Model | undefined {
  try {
    return synopticModel(llm, override);
  } catch (err) {
    if (err instanceof ModelUnavailableError) throw new UnavailableError(err.message);
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
}

function loopOptions(flags: SynopticFlags, llm: LlmConfig): SynopticOptions {
  const strategy = flags.strategy ?? DEFAULTS.strategy;
  if (strategy !== 'full' && strategy !== 'targeted')
    throw new CliError(`--strategy must be full or targeted (got "${strategy}")`);
  return {
    model: modelOf(llm, flags.llm),
    strategy: strategy as Strategy,
    maxRounds: positiveInt(flags.rounds, 'rounds', DEFAULTS.maxRounds),
    backview: positiveInt(flags.backview, 'backview', DEFAULTS.backview),
  };
}

async function guardModel<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ModelUnavailableError)
      throw new UnavailableError(`${err.message} (finished reports are kept; run again to resume)`);
    throw err;
  }
}

/**
 * `oncoagent synoptic --template ID (--text FILE | --ndjson FILE) [--json] [--rounds m] [--backview p] [--strategy s]`.
 * @param flags - Parsed options.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function synopticCommand(flags: SynopticFlags, config: OncoConfig = loadConfig()): Promise<void> {
  const template = templateOf(flags.template);
  if (!flags.text === !flags.ndjson) throw new CliError('Give exactly one of --text FILE or --ndjson FILE');
  const opts = loopOptions(flags, config.llm);
  if (flags.text) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(flags.text);
    } catch (err) {
      throw new CliError(`Cannot read ${flags.text}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const decoded = decodeText(bytes);
    const input = { text: decoded.text, key: textKey(bytes), ...(decoded.issue ? { issue: decoded.issue } : {}) };
    const result = await guardModel(() => extractSynoptic(template, input, opts));
    const qr = toQuestionnaireResponse(template, result);
    process.stdout.write(flags.json ? `${JSON.stringify(qr, null, 2)}\n` : `${formatResult(template, result)}\n`);
    return;
  }
  const input = resolve(flags.ndjson!);
  try {
    accessSync(input, constants.R_OK);
  } catch (err) {
    throw new CliError(`Cannot read ${flags.ndjson}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const output = resolve(flags.out ?? input.replace(/(\.ndjson|\.jsonl)?$/i, '.synoptic.ndjson'));
  if (output === input) throw new CliError('--out must differ from the input file');
  const summary = await guardModel(() => runBatch({ ...opts, template, input, output, log: process.stderr }));
  process.stdout.write(
    flags.json
      ? `${JSON.stringify(summary, null, 2)}\n`
      : `${summary.written} written, ${summary.resumed} already done, ${summary.badLines.length} bad lines skipped, ` +
          `${summary.duplicates} duplicates → ${summary.output} (${summary.reportsPerSecond} reports/s)\n`
  );
}

/**
 * `oncoagent eval --synoptic DIR`: per-variable accuracy and macro-F1 (and with an LLM the per-round curve).
 * @param dir - Folder with cases.json / lung.json (or this project's fixture files).
 * @param flags - --json, and the loop options when an LLM is configured.
 * @param config - The configuration (default: loaded from the environment now).
 * @returns The figures (also printed).
 */
export async function evalSynopticCommand(dir: string, flags: SynopticFlags = {}, config: OncoConfig = loadConfig()) {
  let cases: ReturnType<typeof readEvalCases>;
  try {
    cases = readEvalCases(resolve(dir));
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
  const figures = await guardModel(() => evaluate(cases, loopOptions(flags, config.llm)));
  process.stdout.write(flags.json ? `${JSON.stringify(figures, null, 2)}\n` : `${formatEval(figures)}\n`);
  return figures;
}

export { benchSynoptic } from './synoptic-bench';
