/** What `npm run load` measures of each kind of request. */

export const round = (value: number) => Math.round(value * 10) / 10;

/** What one kind of request met: each answer's status (0: no answer) and time. */
export class Tally {
  readonly answers: { status: number; ms: number }[] = [];
  readonly kind: string;
  constructor(kind: string) {
    this.kind = kind;
  }
  add(status: number, ms: number): void {
    this.answers.push({ status, ms });
  }
  summary() {
    const times = this.answers.map((a) => a.ms).sort((a, b) => a - b);
    const at = (q: number) =>
      round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
    const statuses: Record<string, number> = {};
    for (const { status } of this.answers) statuses[status] = (statuses[status] ?? 0) + 1;
    return {
      kind: this.kind,
      requests: this.answers.length,
      statuses,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
    };
  }
}

/** Requests `next()` one after another until `stop` says so. */
export async function keepAsking(tally: Tally, next: () => Promise<Response>, stop: () => boolean) {
  while (!stop()) {
    const started = performance.now();
    try {
      const response = await next();
      await response.arrayBuffer();
      tally.add(response.status, performance.now() - started);
    } catch {
      tally.add(0, performance.now() - started);
    }
  }
}
