// CPU time per process for the registry bench: where the cores go while a run lasts (the workers, the FHIR server,
// the coordinator, Redis), read from /proc so child processes need no cooperation. Linux only; elsewhere the figures
// are absent rather than guessed.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on every Linux build Node supports). */
const TICKS_PER_SECOND = 100;

/**
 * User + system CPU seconds a process has used so far.
 * @param pid - The process id.
 * @returns Seconds, or undefined when /proc cannot tell (not Linux, process gone).
 */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const ticks = ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** Ticks of a /proc stat line: utime + stime (fields 14 and 15, counted after the parenthesised command name). */
function ticksOf(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

/**
 * The thread group a thread's CPU is counted under: the JS main thread, Node's own helpers (V8's GC and compiler
 * threads, libuv's pool: all named "node" or "libuv-worker"), Lance's query engine (its tokio runtime and CPU pool),
 * or the thread's name.
 */
export function threadGroupOf(tid: number, pid: number, name: string): string {
  if (tid === pid) return 'main';
  if (name === 'node' || name.startsWith('libuv') || name.startsWith('V8')) return 'nodeHelpers';
  if (name.startsWith('tokio') || name.startsWith('lance')) return 'lance';
  return name.replace(/[^a-z0-9]+/gi, '-');
}

/**
 * CPU seconds of each live thread of a process, by thread id.
 * @param pid - The process id.
 * @param names - Thread names already read (tid → name), filled as threads are met: a name is read once per thread.
 * @returns Thread id → [group, seconds]; empty when /proc cannot tell.
 */
export function threadSecondsOf(pid: number, names = new Map<number, string>()): Map<number, [string, number]> {
  const out = new Map<number, [string, number]>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tids) {
    const tid = Number(t);
    try {
      let name = names.get(tid);
      if (name === undefined) {
        name = readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
        names.set(tid, name);
      }
      const ticks = ticksOf(readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8'));
      if (Number.isFinite(ticks)) out.set(tid, [threadGroupOf(tid, pid, name), ticks / TICKS_PER_SECOND]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** CPU seconds of this process (the bench's own FHIR server and app). */
export const ownCpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Follows the CPU time of processes that may exit before the end (the coordinator): samples every `everyMs` and keeps
 * the last value seen of each. Thread-followed processes are read thread by thread only every `threadEveryMs` (and on
 * `sample()`): a worker has some 70 threads, and reading them all ten times a second cost the measured run a few
 * percent of a core. Their threads live as long as the process, so the last reading misses little.
 */
export class CpuSampler {
  private readonly last = new Map<string, number>();
  private readonly pids = new Map<string, number>();
  /** Processes followed thread by thread: name → thread id → [group, last seconds seen] (threads that end keep it). */
  private readonly threads = new Map<string, Map<number, [string, number]>>();
  private readonly names = new Map<string, Map<number, string>>();
  private timer: NodeJS.Timeout | undefined;
  private lastThreadRead = 0;

  constructor(
    private readonly everyMs = 100,
    private readonly threadEveryMs = 2000
  ) {}

  /**
   * Starts following a process under a name.
   * @param byThread - Also follow its threads (for `threadSeconds`).
   */
  track(name: string, pid: number | undefined, byThread = false): void {
    if (!pid) return;
    this.pids.set(name, pid);
    if (byThread) {
      this.threads.set(name, new Map());
      this.names.set(name, new Map());
    }
    this.sample();
    this.timer ??= setInterval(
      () => this.sample(performance.now() - this.lastThreadRead >= this.threadEveryMs),
      this.everyMs
    );
    this.timer.unref();
  }

  /**
   * Reads every followed process once.
   * @param threads - Also read the thread-followed processes thread by thread (default true).
   */
  sample(threads = true): void {
    if (threads) this.lastThreadRead = performance.now();
    for (const [name, pid] of this.pids) {
      const s = cpuSecondsOf(pid);
      if (s !== undefined) this.last.set(name, s);
      const seen = threads ? this.threads.get(name) : undefined;
      if (seen) for (const [tid, v] of threadSecondsOf(pid, this.names.get(name))) seen.set(tid, v);
    }
  }

  /** CPU seconds so far of a thread-followed process, by thread group (threads that ended count what was last seen). */
  threadSeconds(name: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [group, s] of this.threads.get(name)?.values() ?? []) out[group] = (out[group] ?? 0) + s;
    return out;
  }

  /** The last CPU seconds seen of a process. */
  seconds(name: string): number | undefined {
    return this.last.get(name);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * CPU milliseconds per patient of each role (one decimal), and how many cores the run kept busy.
 * @param used - CPU seconds each role used during the run.
 * @param patients - Patients the run processed.
 * @param wallMs - How long the run lasted.
 * @returns Rounded figures; roles without a figure are left out.
 */
export function cpuFigures(
  used: Record<string, number | undefined>,
  patients: number,
  wallMs: number
): { cpuMsPerPatient: Record<string, number>; coresBusy: number } {
  const known = Object.entries(used).filter((e): e is [string, number] => e[1] !== undefined);
  const cpuMsPerPatient = Object.fromEntries(
    known.map(([role, s]) => [role, patients > 0 ? Math.round((s * 10_000) / patients) / 10 : 0])
  );
  const total = known.reduce((sum, [, s]) => sum + s, 0);
  return { cpuMsPerPatient, coresBusy: wallMs > 0 ? Math.round((total * 1000 * 100) / wallMs) / 100 : 0 };
}

/**
 * The most patients/hour a host could give if every core ran the measured work per patient, and what that is against
 * a one-worker rate: the ceiling of a speedup on that host, whatever the number of workers.
 * @param cpuMsPerPatient - CPU per patient of every process of the run (workers, coordinator, queue, server).
 * @param cores - The host's cores.
 * @param oneWorkerRate - Patients/hour of one worker.
 * @returns Rounded figures; zeros when nothing was measured.
 */
export function rateCeiling(
  cpuMsPerPatient: Record<string, number>,
  cores: number,
  oneWorkerRate: number
): { patientsPerHour: number; speedup: number } {
  const perPatient = Object.values(cpuMsPerPatient).reduce((a, b) => a + b, 0);
  if (perPatient <= 0 || oneWorkerRate <= 0) return { patientsPerHour: 0, speedup: 0 };
  const patientsPerHour = Math.round((cores * 3_600_000) / perPatient);
  return { patientsPerHour, speedup: Math.round((patientsPerHour / oneWorkerRate) * 100) / 100 };
}
