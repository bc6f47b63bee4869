// What a tool contributes to the workup beyond running: its planner rule, findings from a typed output, write-back
// builder, knowledge for the Provenance and eval hook. The registry composes each tool's adapters, so the agent, the
// write-back plan and the eval iterate tools instead of naming them.
import type { FindingKind, PlannedCall, WorkupResult, WorkupToolCall } from '../../common/contracts';
import type { TOOL_CONTRACTS, ToolOutputs, TypedToolName } from '../../common/contracts/tools';
import type { RecordFacts } from '../agent/record/facts';
import type { BuildContext, NotWritten, PlanItem } from '../writeback/items';

/** A finding before the workup cites the call it came from. */
export interface FindingDraft {
  kind: FindingKind;
  text: string;
}

/** A tool name with a contract (common/contracts/tools). */
export type ContractToolName = keyof typeof TOOL_CONTRACTS;

/** What a rule plans its first-round calls from. */
export interface RuleStart {
  facts: RecordFacts;
  /** The clinician's question. */
  question: string;
  /** Issues call ids; a rule calls it only for calls it makes, in the order it makes them. */
  nextId: () => string;
}

/** What a rule sees between rounds. */
export interface RuleNext extends RuleStart {
  /** Every call planned so far by every rule, in plan order. */
  planned: readonly PlannedCall[];
  /** Every finished call, in order. */
  calls: readonly WorkupToolCall[];
}

/** A call announced for a later round (shown by `oncoagent eval` and planFromRecord). */
export interface FollowUp {
  tool: string;
  reason: string;
}

/** One tool's part in the rules planner: first-round calls, then follow-ups on earlier results. */
export interface PlannerRule {
  /** The first-round calls, and the follow-ups they lead to. */
  start(input: RuleStart): { calls: PlannedCall[]; followUps?: FollowUp[] };
  /**
   * Called after each round until it says `done`: calls to add (or notes saying why a follow-up cannot run).
   * Rules without follow-ups leave it out.
   */
  next?(input: RuleNext): { calls?: PlannedCall[]; notes?: string[]; done: boolean };
}

/** Builds a tool's write-back items from a workup; unusable calls become "not written" lines. */
export type WritebackBuilder = (ctx: BuildContext) => { items: PlanItem[]; notWritten: NotWritten[] };

/** A knowledge source a tool's outputs rest on, named in the Provenance (identifier value and display). */
export interface KnowledgeSource {
  value: string;
  display: string;
}

/** The server-side adapters of one tool (findings only for tools whose output is typed). */
export interface ToolAdapters<N extends ContractToolName = ContractToolName> {
  name: N;
  /** A fresh planner rule for one workup (it may keep state between rounds). */
  planner?: () => PlannerRule;
  /** Findings from one successful call (its output already parsed by the tool's contract). */
  findings?: N extends TypedToolName
    ? (output: ToolOutputs[N], call: WorkupToolCall, facts: RecordFacts) => FindingDraft[]
    : never;
  /** The tool's items in a write-back plan. */
  writeback?: WritebackBuilder;
  /** The knowledge sources (with versions) the tool's calls in this workup used, for the Provenance. */
  knowledge?: (workup: WorkupResult) => KnowledgeSource[];
  /** Runs only when the clinician's question asks for literature or web sources (policy). */
  external?: boolean;
  /** Eval: calls with the same key count once (e.g. one segmentation per image); undefined counts every call. */
  evalKey?: (args: unknown) => string;
}

/**
 * Declares a tool's adapters with the output type of its name.
 * @param adapters - The adapters.
 * @returns The same adapters.
 */
export function defineAdapters<N extends ContractToolName>(adapters: ToolAdapters<N>): ToolAdapters<N> {
  return adapters;
}
