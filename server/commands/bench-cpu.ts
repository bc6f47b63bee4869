// CPU time per process for the registry bench: where the cores go while a run lasts (the workers, the FHIR server,
// the coordinator, Redis), read from /proc so child processes need no cooperation. Linux only; elsewhere the figures
// are absent rather than guessed.
import { readFileSync } from 'node:fs';

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
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the state; utime and stime are fields 14 and 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(rest[11]) + Number(rest[12]);
    return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds of this process (the bench's own FHIR server and app). */
export const ownCpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Follows the CPU time of processes that may exit before the end (the coordinator): samples every `everyMs` and keeps
 * the last value seen of each.
 */
export class CpuSampler {
  private readonly last = new Map<string, number>();
  private readonly pids = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly everyMs = 100) {}

  /** Starts following a process under a name. */
  track(name: string, pid: number | undefined): void {
    if (!pid) return;
    this.pids.set(name, pid);
    this.sample();
    this.timer ??= setInterval(() => this.sample(), this.everyMs);
    this.timer.unref();
  }

  /** Reads every followed process once. */
  sample(): void {
    for (const [name, pid] of this.pids) {
      const s = cpuSecondsOf(pid);
      if (s !== undefined) this.last.set(name, s);
    }
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
 * CPU milliseconds per patient of each role, and how many cores the run kept busy.
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
    known.map(([role, s]) => [role, patients > 0 ? Math.round((s * 1000) / patients) : 0])
  );
  const total = known.reduce((sum, [, s]) => sum + s, 0);
  return { cpuMsPerPatient, coresBusy: wallMs > 0 ? Math.round((total * 1000 * 100) / wallMs) / 100 : 0 };
}
