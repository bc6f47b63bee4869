// `oncoagent eval` (agent part): loads each development case's FHIR Bundle into an in-process sandbox, plans its
// workup with the rules planner (optionally runs it) and compares the chosen tools with the case's expected tools.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Bundle } from '@medplum/fhirtypes';
import { z } from 'zod';
import { workupMarkdown } from '../agent/markdown';
import { planFromRecord } from '../agent/planner/rules';
import { readFacts } from '../agent/record/facts';
import { runWorkup } from '../agent/run-workup';
import type { AnswerDeps, Answerer } from '../answer/types';
import { loadConfig } from '../config';
import { createFhirClient, type FhirClient } from '../fhir/fhir-client';
import { loadPatientRecord } from '../fhir/load-record';
import type { ToolConfig } from '../tools/config';
import { CliError, UnavailableError } from './cli-error';
import {
  type CitationPrecision,
  type CitedSource,
  citationPrecision,
  citedSources,
  readJudgments,
} from './eval-citations';
import { completeness, countTools, perToolTotals, scoreTools, type ToolScore, type ToolTotals } from './eval-score';
import { startSandboxSession } from './sandbox-session';

export { benchWorkup } from './bench-workup';

/** One patient case as `oncoagent eval --cases` reads it (cases.json). */
export const EvalAgentCase = z.object({
  id: z.string().min(1),
  question: z.string().default(''),
  expectedTools: z.record(z.string(), z.number().int().nonnegative()),
  completenessStatements: z.array(z.object({ text: z.string() })).default([]),
});

export interface CaseResult extends ToolScore {
  id: string;
  expected: Record<string, number>;
  recall: number;
  /** With a full workup: calls per tool that ran, their statuses, report completeness and time. */
  ran?: Record<string, number>;
  statuses?: Record<string, number>;
  completeness?: number;
  /** Guideline passages the answer cites (source ids). */
  cited?: string[];
  /** With --workup: the statements citing each cited passage (a judgment holds only for the statements it saw). */
  citedBy?: Record<string, string[]>;
  ms?: number;
}

export interface EvalReport {
  cases: CaseResult[];
  overall: {
    cases: number;
    matched: number;
    expected: number;
    recall: number;
    superfluousPerCase: number;
    maxSuperfluous: number;
    completeness?: number;
    /** With --workup and judgments.json beside the cases: judged-relevant share of cited passages. */
    citations?: CitationPrecision;
  };
  /** Per tool over all cases (aggregate only, so it can be shown for blind corpora). */
  perTool: Record<string, ToolTotals>;
  notes: string[];
}

export interface EvalFlags {
  /** Folder with cases.json and <id>.json Bundles (default ../shared/cases/patients). */
  cases?: string;
  json?: boolean;
  /** Also run each workup offline (needs an answerer) and score its report. */
  workup?: boolean;
  /** With --workup: write each case's cited passages (for judging) to this JSON file. */
  citationsOut?: string;
}

async function loadCase(fhir: FhirClient, bundle: Bundle): Promise<string> {
  const response = await fetch(fhir.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json', authorization: `Bearer ${fhir.token}` },
    body: JSON.stringify(bundle),
  });
  const body = (await response.json()) as Bundle;
  const index = (bundle.entry ?? []).findIndex((e) => e.resource?.resourceType === 'Patient');
  const id = /Patient\/([^/]+)/.exec(body.entry?.[index]?.response?.location ?? '')?.[1];
  if (!response.ok || !id) throw new CliError(`The sandbox refused a case Bundle (${response.status})`);
  return id;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const list = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([t, n]) => `${t}×${n}`)
    .join(' ') || '–';

function print(report: EvalReport, write: (t: string) => unknown): void {
  write(`Tool choice on ${report.cases.length} development cases (rules planner, ONCOAGENT_LLM=none)\n\n`);
  for (const c of report.cases) {
    write(`${c.id.padEnd(4)} recall ${c.matched}/${c.expectedTotal}  superfluous ${c.superfluous}\n`);
    write(`     planned  ${list(c.planned)}\n     expected ${list(c.expected)}\n`);
    if (c.missing.length) write(`     missing  ${c.missing.join(' ')}\n`);
    if (c.ran)
      write(
        `     ran      ${list(c.ran)}  (${list(c.statuses ?? {})}; ${c.ms} ms; completeness ${pct(c.completeness ?? 0)})\n`
      );
  }
  const o = report.overall;
  write(
    `\nOverall recall ${o.matched}/${o.expected} = ${pct(o.recall)} (target ≥ 90 %); superfluous ${o.superfluousPerCase.toFixed(2)} per case, max ${o.maxSuperfluous} (target ≤ 1)` +
      (o.completeness !== undefined ? `; completeness proxy ${pct(o.completeness)}` : '') +
      '\n'
  );
  if (o.citations) {
    const c = o.citations;
    write(
      `Citation precision ${c.relevant}/${c.cited} = ${pct(c.precision)} (judged relevant / cited; ${c.unjudged} unjudged count as not relevant${c.stale ? `, ${c.stale} of them judged under other statements` : ''}; target ≥ 80 %)\n`
    );
  }
  const tools = Object.entries(report.perTool).map(
    ([t, x]) => `${t} ${x.matched}/${x.expected}${x.superfluous ? ` +${x.superfluous}` : ''}`
  );
  write(`Per tool (matched/expected +superfluous): ${tools.join('; ')}\n`);
  for (const n of report.notes) write(`Note: ${n}\n`);
}

/**
 * Runs the evaluation and prints it.
 * @param flags - Cases folder, --json, --workup.
 * @param options - The answerer (needed for --workup), the tool configuration (run offline; default: loaded from
 * the environment) and where to print.
 * @returns The report.
 */
export async function evalAgentCommand(
  flags: EvalFlags = {},
  options: {
    answerer?: Answerer;
    retrieve?: AnswerDeps['retrieve'];
    tools?: ToolConfig;
    stdout?: { write(t: string): unknown };
  } = {}
): Promise<EvalReport> {
  const given = resolve(flags.cases ?? '../shared/cases/patients');
  // `--cases ../shared/cases` works too: the patient cases live in its `patients` folder.
  const dir =
    !existsSync(join(given, 'cases.json')) && existsSync(join(given, 'patients', 'cases.json'))
      ? join(given, 'patients')
      : given;
  const file = join(dir, 'cases.json');
  if (!existsSync(file)) throw new CliError(`No cases.json in ${dir} (pass --cases DIR)`);
  const parsed = z.array(EvalAgentCase).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new CliError(`${file}: ${parsed.error.issues[0]?.message ?? 'not a list of cases'}`);
  if (flags.workup && !options.answerer)
    throw new UnavailableError('--workup needs the answer pipeline (no answerer given)');
  if (flags.citationsOut && !flags.workup) throw new CliError('--citations-out needs --workup');
  const judgments = flags.workup ? readJudgments(dir) : undefined;
  const pool: { case: string; question: string; sources: CitedSource[] }[] = [];
  const session = await startSandboxSession({ demo: false });
  const results: CaseResult[] = [];
  try {
    const fhir = createFhirClient({ baseUrl: session.fhirBase, token: await session.token('system/*.*') });
    for (const c of parsed.data) {
      const bundle = JSON.parse(readFileSync(join(dir, `${c.id}.json`), 'utf8')) as Bundle;
      const patientId = await loadCase(fhir, bundle);
      const facts = readFacts(await loadPatientRecord(fhir, patientId));
      let n = 0;
      const plan = planFromRecord(facts, c.question, () => `c${++n}`);
      const planned = countTools([...plan.calls, ...plan.followUps.map((f) => ({ tool: f.tool, args: {} }))]);
      const score = scoreTools(planned, c.expectedTools);
      const result: CaseResult = {
        id: c.id,
        expected: c.expectedTools,
        ...score,
        recall: score.expectedTotal ? score.matched / score.expectedTotal : 1,
      };
      if (flags.workup && options.answerer) {
        const t = performance.now();
        const r = await runWorkup({
          fhir,
          patientId,
          question: c.question,
          answerer: options.answerer,
          retrieve: options.retrieve ?? (async () => []),
          toolConfig: { ...(options.tools ?? loadConfig().tools), offline: true },
        });
        result.ms = Math.round(performance.now() - t);
        result.ran = countTools(r.toolCalls);
        result.statuses = {};
        for (const call of r.toolCalls) result.statuses[call.status] = (result.statuses[call.status] ?? 0) + 1;
        result.completeness = completeness(
          c.completenessStatements.map((s) => s.text),
          workupMarkdown(r)
        );
        const cited = citedSources(r);
        result.cited = cited.map((x) => x.sourceId);
        result.citedBy = Object.fromEntries(cited.map((x) => [x.sourceId, x.citedBy]));
        pool.push({ case: c.id, question: c.question, sources: cited });
      }
      results.push(result);
    }
  } finally {
    await session.close();
  }
  const matched = results.reduce((a, r) => a + r.matched, 0);
  const expected = results.reduce((a, r) => a + r.expectedTotal, 0);
  const withCompleteness = results.filter((r) => r.completeness !== undefined);
  const report: EvalReport = {
    cases: results,
    overall: {
      cases: results.length,
      matched,
      expected,
      recall: expected ? matched / expected : 1,
      superfluousPerCase: results.reduce((a, r) => a + r.superfluous, 0) / Math.max(1, results.length),
      maxSuperfluous: Math.max(0, ...results.map((r) => r.superfluous)),
      ...(withCompleteness.length
        ? { completeness: withCompleteness.reduce((a, r) => a + (r.completeness ?? 0), 0) / withCompleteness.length }
        : {}),
      ...(judgments
        ? {
            citations: citationPrecision(
              results.map((r) => ({
                id: r.id,
                cited: (r.cited ?? []).map((sourceId) => ({ sourceId, citedBy: r.citedBy?.[sourceId] ?? [] })),
              })),
              judgments
            ),
          }
        : {}),
    },
    perTool: perToolTotals(results),
    notes: [
      'segment_lesion is counted per image: the reference study segmented every box of an image in one call, ours takes one box per call.',
      'Follow-up calls that depend only on earlier calls succeeding (assess_response after segmentation, BCLC after Child-Pugh) count as planned; the case images carry no pixels, so in a full run they are reported as not run.',
    ],
  };
  if (flags.citationsOut) writeFileSync(flags.citationsOut, `${JSON.stringify(pool, null, 2)}\n`);
  const write = (t: string) => (options.stdout ?? process.stdout).write(t);
  if (flags.json) write(`${JSON.stringify(report, null, 2)}\n`);
  else print(report, write);
  return report;
}
