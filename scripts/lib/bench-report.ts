/** bench.ts's JSON lines and figures, and the state of one run that its sections share. */
import type { RunningServer } from './server.ts';
import type { Burst } from './uploads.ts';
import type { Measurement } from './bench-measure.ts';

/** What a section of the run reads and changes: the figures so far, the servers and the cleanup. */
export interface BenchRun {
  /** Seconds per measured run. */
  duration: number;
  pinned: boolean;
  /** The hello-world's requests per second. */
  ceiling: number;
  servers: RunningServer[];
  /** Run by cleanup once the servers have stopped: throw-away databases and folders. */
  afterServers: (() => Promise<void> | void)[];
  burst: Burst | undefined;
  /** A route had errors or non-2xx answers: the run exits non-zero. */
  failed: boolean;
  print: (line: string) => void;
  emit: (measurement: Measurement, ceiling: number, extra?: Record<string, unknown>) => void;
}

export const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export function report(
  measurement: Measurement,
  ceiling: number,
  pinned: boolean,
  extra: Record<string, unknown> = {},
): string {
  const { result } = measurement;
  return JSON.stringify({
    route: measurement.route,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: round(result.latency.p50, 2),
    p99Ms: round(result.latency.p99, 2),
    ratioToHelloWorld: ceiling > 0 ? round(result.requests.average / ceiling, 2) : null,
    errors: result.errors,
    non2xx: result.non2xx,
    ...extra,
    pinned,
  });
}

export const kb = (bytes: number) => `${round(bytes / 1000, 1)} KB`;
export const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
