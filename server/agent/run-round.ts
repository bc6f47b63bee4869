// Runs one round of planned calls in parallel: each is checked by the policy, run through runTool (arguments
// validated, errors and timeouts turned into results) inside a trace span, and streamed as tool-start/tool-end.
import type { PlannedCall, WorkupToolCall } from '../../common/contracts';
import type { FhirClient } from '../fhir/fhir-client';
import type { ToolConfig } from '../tools/config';
import { runTool } from '../tools/run-tool';
import type { Tool } from '../tools/types';
import { callKey } from './call-key';
import { trimOutput } from './observe';
import { checkCall, type PolicyContext, REJECTED_PREFIX } from './policy';
import type { WorkupRun } from './workup-run';

export interface RoundDeps {
  /** The workup: its trace, its events and its signal. */
  run: WorkupRun;
  tools: readonly Tool[];
  toolConfig: ToolConfig;
  fhir: FhirClient;
  policy: PolicyContext;
  /** Signature (tool + arguments) → id of the call that already ran it. */
  seen: Map<string, string>;
}

function refused(call: PlannedCall, message: string, status: 'error' | 'unavailable' = 'error'): WorkupToolCall {
  return { id: call.id, tool: call.tool, args: call.args, status, message, ms: 0 };
}

async function runOne(call: PlannedCall, index: number, deps: RoundDeps): Promise<WorkupToolCall> {
  if (call.invalid) return refused(call, call.invalid);
  if (call.unavailable) return refused(call, call.unavailable, 'unavailable');
  const verdict = checkCall(call, index, deps.policy);
  if (!verdict.ok) return refused(call, `${REJECTED_PREFIX} ${verdict.reason}`);
  const key = callKey(call.tool, call.args);
  const earlier = deps.seen.get(key);
  if (earlier) return refused(call, `${REJECTED_PREFIX} the same call already ran as ${earlier}; see its result`);
  deps.seen.set(key, call.id);
  const tool = deps.tools.find((t) => t.name === call.tool)!;
  deps.run.emit({ type: 'tool-start', call });
  const run = await deps.run.tracer.withSpan(
    `tool ${call.tool}`,
    async (span) => {
      const r = await runTool(tool, call.args, { config: deps.toolConfig, fhir: deps.fhir, signal: deps.run.signal });
      span.setOutput({ status: r.status, ms: r.ms, message: r.message, output: trimOutput(r.output) });
      return r;
    },
    { input: { id: call.id, args: call.args } }
  );
  return {
    id: call.id,
    tool: call.tool,
    args: call.args,
    status: run.status,
    ...(run.output !== undefined ? { output: run.output } : {}),
    ...(run.message ? { message: run.message } : {}),
    ...(run.warnings?.length ? { warnings: run.warnings } : {}),
    ms: run.ms,
  };
}

/**
 * Runs the calls of one round (in parallel) and reports each as it ends.
 * @param calls - The planned calls.
 * @param deps - The workup run, tools, configuration, FHIR client and policy.
 * @returns One finished call per planned call, in the planned order.
 */
export async function runRound(calls: PlannedCall[], deps: RoundDeps): Promise<WorkupToolCall[]> {
  return Promise.all(
    calls.map(async (call, i) => {
      const done = await runOne(call, i, deps);
      deps.run.emit({ type: 'tool-end', call: done });
      return done;
    })
  );
}
