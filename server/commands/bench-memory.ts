// Resident memory of a child process for the registry bench, read from /proc/<pid>/status so the process needs no
// cooperation: what it holds now (VmRSS) and the most it ever held (VmHWM). Linux only; elsewhere absent.
import { readFileSync } from 'node:fs';

export interface ResidentMemory {
  /** Resident set now, MB. */
  rssMb: number;
  /** The highest resident set since the process started, MB. */
  peakMb: number;
}

/**
 * The resident memory of a live process.
 * @param pid - The process id.
 * @returns Both figures in MB, or undefined when /proc cannot tell (not Linux, process gone).
 */
export function residentMemoryOf(pid: number | undefined): ResidentMemory | undefined {
  if (!pid) return undefined;
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  const rss = kb('VmRSS');
  const peak = kb('VmHWM');
  return Number.isFinite(rss) && Number.isFinite(peak)
    ? { rssMb: Math.round(rss / 1024), peakMb: Math.round(peak / 1024) }
    : undefined;
}
