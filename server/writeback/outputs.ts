// The parts of each tool's output the builders use, declared as data: a WorkupResult arrives from a client, so its
// tool outputs are parsed here rather than trusted, and a malformed one becomes a "not written" line, not a crash.
// These are deliberately not the tools' contracts (common/contracts/tools): a builder needs only some fields (a call
// missing an unused one is still written) and holds some to stricter rules than the tool (non-negative sizes, ids of
// at most 200 characters, a known validation status), so a write-back plan never depends on what it does not read.
// Where a contract already says exactly this, the schema is derived from it (RecistOut).
import { z } from 'zod';
import type { WorkupResult, WorkupToolCall } from '../../common/contracts';
import { AssessResponseOutput } from '../../common/contracts/tools';

const finite = z.number().finite();
const ids = z.string().min(1).max(200);

export const SegmentArgs = z.looseObject({ image: z.string().min(1) });
export const SegmentOut = z.looseObject({
  engine: z.enum(['classical', 'medsam']),
  engineVersion: ids,
  model: z.looseObject({ id: ids, version: ids, validation: ids }).optional(),
  areaMm2: finite.nonnegative().optional(),
  longestDiameterMm: finite.nonnegative().optional(),
  shortAxisMm: finite.nonnegative().optional(),
  box: z.array(z.number().int()).length(4),
  sourceSummary: z.looseObject({ sopInstanceUid: z.string().optional(), studyInstanceUid: z.string().optional() }),
  disclaimer: z.string().min(1),
});

const Lesion = z.looseObject({
  id: ids,
  site: z.string().optional(),
  isLymphNode: z.boolean().optional(),
  diameterMm: finite.nonnegative(),
});
export const RecistArgs = z.looseObject({
  baseline: z.array(Lesion),
  followUp: z.array(Lesion),
  newLesions: z.boolean().optional(),
  nonTargetProgression: z.boolean().optional(),
});
/** The RECIST fields the response Observation states (zod numbers are finite, as the builder needs). */
export const RecistOut = AssessResponseOutput.pick({
  category: true,
  baselineSumMm: true,
  followUpSumMm: true,
  nadirSumMm: true,
  changeFromBaselinePct: true,
  changeFromNadirPct: true,
  absoluteChangeFromNadirMm: true,
  rule: true,
}).loose();

export const PredictOut = z.looseObject({
  predictions: z.array(
    z.looseObject({
      target: z.enum(['MSI', 'KRAS', 'BRAF']),
      probability: finite.min(0).max(1),
      label: z.string(),
      threshold: finite.min(0).max(1),
    })
  ),
  model: z.looseObject({
    id: ids,
    version: ids,
    validation: z.enum(['demo-not-clinically-validated', 'research-use-only', 'clinically-validated']),
  }),
  disclaimer: z.string().min(1),
  source: z.string(),
});

const Therapy = z.looseObject({
  drugs: z.array(z.string().min(1)).min(1),
  level: z.enum(['1', '2', '3A', '3B', '4', 'R1', 'R2']),
  tumorType: z.string(),
  matchType: z.string(),
  source: z.string(),
  year: z.number().optional(),
  note: z.string().optional(),
  pmids: z.array(z.string()).optional(),
});
export const ActionabilityOut = z.looseObject({
  query: z.looseObject({
    gene: z.string().optional(),
    alteration: z.string(),
    normalised: z.looseObject({ gene: z.string().optional(), alteration: z.string() }),
  }),
  source: z.enum(['oncokb', 'offline']),
  knowledgeVersion: z.string(),
  therapies: z.array(Therapy),
  resistance: z.array(Therapy),
});
export type TherapyOutput = z.infer<typeof Therapy>;

export const TnmOut = z.looseObject({
  site: z.string(),
  t: z.string().min(1),
  n: z.string().min(1),
  m: z.string().min(1),
  prefixes: z.object({ t: z.string().nullable(), n: z.string().nullable(), m: z.string().nullable() }),
  stageGroup: z.string().min(1),
  rule: z.string(),
});

/** A successful call of one tool with its parsed output (and arguments, when asked for). */
export interface ParsedCall<O, A> {
  call: WorkupToolCall;
  output: O;
  args: A;
}

/**
 * The ok calls of a tool whose output (and arguments) parse; the others are returned as problems.
 * @param workup - The workup.
 * @param tool - Tool name.
 * @param output - Schema of the fields used from the output.
 * @param args - Schema of the fields used from the arguments.
 * @returns Parsed calls and, per unusable call, its id and the reason.
 */
export function callsOf<O, A = unknown>(
  workup: WorkupResult,
  tool: string,
  output: z.ZodType<O>,
  args?: z.ZodType<A>
): { calls: ParsedCall<O, A>[]; problems: { id: string; reason: string }[] } {
  const calls: ParsedCall<O, A>[] = [];
  const problems: { id: string; reason: string }[] = [];
  for (const call of workup.toolCalls.filter((c) => c.tool === tool && c.status === 'ok')) {
    const o = output.safeParse(call.output);
    const a = args ? args.safeParse(call.args) : { success: true as const, data: call.args as A };
    if (o.success && a.success) calls.push({ call, output: o.data, args: a.data });
    else problems.push({ id: call.id, reason: `the ${tool} output or arguments are not in the expected form` });
  }
  return { calls, problems };
}
