// The synoptic figures of `oncoagent bench`: offline reports/s, full vs targeted reflection tokens on the same
// development cases (scripted model over the OpenAI protocol), and a 10,000-report batch killed and resumed.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { batchKillResume, compareStrategies, offlineThroughput } from '../synoptic/eval/bench';
import { type EvalCase, readEvalCases } from '../synoptic/eval/cases';

const DEV_CASES = '../shared/cases/gross';
const FIXTURES = resolve(import.meta.dirname, '../synoptic/testdata');

export interface SynopticBenchOptions {
  /** Development cases folder (default ../shared/cases/gross, else the repository fixtures). */
  casesDir?: string;
  /** Reports in the batch run (default 10,000). */
  batchReports?: number;
  /** Progress bar of the batch (default stderr). */
  log?: NodeJS.WriteStream | false;
}

/**
 * Runs the synoptic benchmarks.
 * @param opts - Cases folder, batch size, progress stream.
 * @returns Figures for `oncoagent bench --json`.
 */
export async function benchSynoptic(opts: SynopticBenchOptions = {}): Promise<Record<string, unknown>> {
  const dir = opts.casesDir ?? (existsSync(resolve(DEV_CASES)) ? resolve(DEV_CASES) : FIXTURES);
  const cases: EvalCase[] = readEvalCases(dir);
  const colorectal = cases.filter((c) => c.template === 'cap-colorectal-resection');
  const throughput = offlineThroughput(cases);
  const strategies = await compareStrategies(cases.filter((c) => c.template !== 'cd99-pattern'));
  const batch = await batchKillResume(
    colorectal.length ? colorectal : cases,
    opts.batchReports ?? 10_000,
    opts.log ?? process.stderr
  );
  return {
    cases: {
      dir,
      colorectal: colorectal.length,
      lung: cases.filter((c) => c.template === 'ajcc8-lung-resection').length,
    },
    offline: { ...throughput, targetReportsPerSecond: 200 },
    strategies: { ...strategies, target: 'targeted ≤ 0.25 × full' },
    batch,
  };
}
