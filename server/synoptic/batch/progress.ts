// A progress bar for long batches on stderr: count, percent, rate and ETA, redrawn in place on a terminal and printed
// as a line every few seconds otherwise (logs, CI).

export interface Progress {
  tick(done: number): void;
  finish(done: number): void;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function eta(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const m = Math.floor(seconds / 60);
  return m < 60
    ? `${m}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/**
 * Formats one progress line.
 * @param label - What is counted.
 * @param done - Items done in this run.
 * @param total - Items to do in this run (0 when unknown).
 * @param seconds - Time since the run started.
 * @returns E.g. `synoptic [########------------] 4,000/10,000  40%  2,150/s  ETA 3s`.
 */
export function progressLine(label: string, done: number, total: number, seconds: number): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const width = 24;
  const frac = total > 0 ? Math.min(1, done / total) : 0;
  const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '-');
  const left = total > 0 && rate > 0 ? (total - done) / rate : Number.NaN;
  return `${label} [${bar}] ${fmt(done)}/${total > 0 ? fmt(total) : '?'} ${String(Math.round(frac * 100)).padStart(3)}%  ${fmt(rate)}/s  ETA ${eta(left)}`;
}

/**
 * A progress reporter.
 * @param label - What is counted.
 * @param total - Items to do.
 * @param out - Where to draw (stderr); false for none.
 * @returns tick/finish.
 */
export function createProgress(label: string, total: number, out: NodeJS.WriteStream | false): Progress {
  const started = performance.now();
  const tty = out !== false && out.isTTY === true;
  let last = 0;
  const draw = (done: number, final: boolean) => {
    if (out === false) return;
    const now = performance.now();
    if (!final && now - last < (tty ? 100 : 2000)) return;
    last = now;
    const line = progressLine(label, done, total, (now - started) / 1000);
    out.write(tty ? `\r${line}${final ? '\n' : ''}` : `${line}\n`);
  };
  return { tick: (done) => draw(done, false), finish: (done) => draw(done, true) };
}
