// The progress line of a registry run on stderr: patients done / failed of the total, the rate of this invocation and
// the time left, at most once a second (and always the last one).
import type { Progress } from './coordinator';

/**
 * One progress line.
 * @param p - The counts and elapsed time.
 * @returns e.g. `registry: 120/1000 done, 2 failed · 1,530 patients/h · ETA 34 min`.
 */
export function progressLine(p: Progress): string {
  const finished = p.done + p.failed - p.resumed;
  const perMs = p.elapsedMs > 0 ? finished / p.elapsedMs : 0;
  const left = p.total - p.done - p.failed;
  const eta = perMs > 0 ? left / perMs / 1000 : undefined;
  const etaText = eta === undefined ? '' : ` · ETA ${eta < 90 ? `${Math.ceil(eta)} s` : `${Math.ceil(eta / 60)} min`}`;
  const rate = perMs > 0 ? ` · ${Math.round(perMs * 3_600_000).toLocaleString('en')} patients/h` : '';
  return `registry: ${p.done}/${p.total} done, ${p.failed} failed${rate}${left ? etaText : ''}`;
}

/**
 * A sink that writes progress lines, throttled.
 * @param write - Where lines go (stderr).
 * @param everyMs - Least time between two lines (default 1 s).
 * @param now - Clock (injectable for tests).
 * @returns The callback for `runRegistry({ onProgress })`.
 */
export function throttledProgress(
  write: (line: string) => unknown,
  everyMs = 1000,
  now: () => number = Date.now
): (p: Progress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (p) => {
    const final = p.done + p.failed >= p.total;
    if (!final && now() - last < everyMs) return;
    last = now();
    write(`${progressLine(p)}\n`);
  };
}
