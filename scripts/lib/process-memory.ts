/** A process's memory from /proc (Linux): for `npm run load`'s report of the servers' peaks. */
import { readFileSync } from 'node:fs';

const kbOf = (status: string, field: string) => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : undefined;
};

/** VmRSS (now) and VmHWM (the peak since it started), in MB; undefined once it has gone. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) => Math.round((kbOf(status, field) ?? 0) / 102.4) / 10;
    return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** The process's children (the image worker of a server). */
export function childrenOf(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/**
 * Samples a process and its children every `everyMs` until stopped: the highest RSS seen of each,
 * and their own peaks (VmHWM) when stopped.
 */
export function sampleMemory(pid: number, everyMs = 200) {
  const highest = new Map<number, number>();
  const sample = () => {
    for (const id of [pid, ...childrenOf(pid)]) {
      const memory = memoryOf(id);
      if (memory) highest.set(id, Math.max(highest.get(id) ?? 0, memory.rssMb));
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return [...highest].map(([id, sampledPeakMb]) => ({
        process: id === pid ? 'server' : 'image worker',
        pid: id,
        sampledPeakMb,
        peakMb: memoryOf(id)?.peakMb,
      }));
    },
  };
}
