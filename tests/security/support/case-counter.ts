// Counts fuzz cases per corpus (and HTTP status classes) and prints them, so each run shows its size in the logs.

/** Cases per corpus, printed once at the end of a file. */
export class CaseCounter {
  private readonly counts = new Map<string, number>();
  private readonly statuses = new Map<string, Map<string, number>>();
  add(corpus: string, n = 1): void {
    this.counts.set(corpus, (this.counts.get(corpus) ?? 0) + n);
  }
  /** Counts one HTTP response of a corpus by class (2xx, 4xx…). */
  status(corpus: string, status: number): void {
    const byClass = this.statuses.get(corpus) ?? new Map<string, number>();
    const key = `${Math.floor(status / 100)}xx`;
    byClass.set(key, (byClass.get(key) ?? 0) + 1);
    this.statuses.set(corpus, byClass);
  }
  get(corpus: string): number {
    return this.counts.get(corpus) ?? 0;
  }
  total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
  print(suite: string): void {
    const lines = [...this.counts].map(([corpus, n]) => {
      const classes = [...(this.statuses.get(corpus) ?? [])].map(([k, v]) => `${k} ${v}`).join(', ');
      return `  ${corpus}: ${n} cases${classes ? ` (${classes})` : ''}`;
    });
    process.stdout.write(`fuzz ${suite}: ${this.total()} cases\n${lines.join('\n')}\n`);
  }
}
