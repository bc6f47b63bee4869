// The offline workup benchmark (DESIGN §6: p95 ≤ 2 s per patient): every demo patient through the whole workup on
// the in-process sandbox, after one warm-up run each, reporting p50 and p95.

import { runWorkup } from '../agent/run-workup';
import type { AnswerDeps, Answerer } from '../answer/types';
import { createFhirClient } from '../fhir/fhir-client';
import { DEMO_PATIENT_IDS } from '../sandbox/demo';
import type { ToolConfig } from '../tools/config';
import { startSandboxSession } from './sandbox-session';

export interface WorkupBench {
  runsPerPatient: number;
  patients: { id: string; p50Ms: number; p95Ms: number; toolCalls: number }[];
  p50Ms: number;
  p95Ms: number;
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Measures offline workups.
 * @param options - The answerer (server/answer's), the tool configuration (run offline), runs per patient (default 5).
 * @returns p50/p95 per patient and overall, in ms.
 */
export async function benchWorkup(options: {
  answerer: Answerer;
  retrieve?: AnswerDeps['retrieve'];
  tools: ToolConfig;
  runs?: number;
}): Promise<WorkupBench> {
  const runs = options.runs ?? 5;
  const session = await startSandboxSession({ demo: true });
  try {
    const fhir = createFhirClient({ baseUrl: session.fhirBase, token: await session.token() });
    const toolConfig = { ...options.tools, offline: true };
    const once = async (patientId: string) => {
      const t = performance.now();
      const r = await runWorkup({
        fhir,
        patientId,
        answerer: options.answerer,
        retrieve: options.retrieve ?? (async () => []),
        toolConfig,
      });
      return { ms: performance.now() - t, calls: r.toolCalls.length };
    };
    // Warm every path once, then measure round-robin so drift (GC, JIT, load) spreads over all patients alike.
    for (const id of DEMO_PATIENT_IDS) await once(id);
    const times = new Map<string, number[]>(DEMO_PATIENT_IDS.map((id) => [id, []]));
    const calls = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      for (const id of DEMO_PATIENT_IDS) {
        const r = await once(id);
        times.get(id)!.push(r.ms);
        calls.set(id, r.calls);
      }
    }
    const all = [...times.values()].flat();
    const patients = DEMO_PATIENT_IDS.map((id) => ({
      id,
      p50Ms: Math.round(percentile(times.get(id)!, 50)),
      p95Ms: Math.round(percentile(times.get(id)!, 95)),
      toolCalls: calls.get(id) ?? 0,
    }));
    return {
      runsPerPatient: runs,
      patients,
      p50Ms: Math.round(percentile(all, 50)),
      p95Ms: Math.round(percentile(all, 95)),
    };
  } finally {
    await session.close();
  }
}
