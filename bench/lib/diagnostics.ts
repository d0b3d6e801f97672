import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface LoopStats {
  /** How late timers fired on the serving thread: time the event loop was blocked. */
  delayP99Ms: number;
  delayMaxMs: number;
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  /** CPU time of the serving thread (Linux only, else NaN). */
  cpuMs: number;
  /** Time the serving thread was ready to run but waited for a core: other processes' load (Linux only). */
  runQueueWaitMs: number;
  /** The server processes' memory at its highest during the load, summed (Linux only, else NaN). */
  peak: ServerMemory;
}

export interface ServerMemory {
  /** Resident memory (VmRSS) in MB: anonymous memory plus mapped file pages (the database). */
  rss: number;
  /** Of that, anonymous memory (RssAnon) in MB: heaps and buffers, not the mapped database file. */
  anon: number;
}

/** The server processes' resident and anonymous memory now, summed over them, in MB. */
export function serverMemoryMb(pids: readonly number[]): ServerMemory {
  let rss = 0;
  let anon = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      anon += Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    } catch {
      return { rss: Number.NaN, anon: Number.NaN };
    }
  }
  return { rss: rss / 1024, anon: anon / 1024 };
}

/** Samples the processes' memory every 100 ms until stopped; answers the highest of each figure. */
export function watchMemory(pids: readonly number[]): () => ServerMemory {
  const peak = serverMemoryMb(pids);
  const sample = () => {
    const now = serverMemoryMb(pids);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anon = Math.max(peak.anon, now.anon);
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/**
 * The main threads' scheduler figures from /proc, summed: nanoseconds on a CPU and waiting for one.
 * A main thread's id is its process id; autocannon's worker thread is a different task.
 */
function threadSchedule(pids: readonly number[]): { cpuNs: number; waitNs: number } | undefined {
  try {
    let cpuNs = 0;
    let waitNs = 0;
    for (const pid of pids) {
      const [cpu, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/);
      cpuNs += Number(cpu);
      waitNs += Number(wait);
    }
    return { cpuNs, waitNs };
  } catch {
    return undefined;
  }
}

/**
 * Watches the serving threads' CPU while a load runs, and, when the server runs in this process,
 * its event loop and garbage collector, to tell a slow query from a pause. Server processes of
 * their own are watched through /proc only: loop and GC figures are then NaN. Call the returned
 * function to stop and read the figures.
 */
export function watchServing(serverPids: readonly number[]): () => LoopStats {
  const inProcess = serverPids.length === 1 && serverPids[0] === process.pid;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let gcCount = 0;
  let gcTotalMs = 0;
  let gcMaxMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcCount += 1;
      gcTotalMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  delay.enable();
  const scheduleBefore = threadSchedule(serverPids);
  const stopMemory = watchMemory(serverPids);
  return () => {
    const scheduleAfter = threadSchedule(serverPids);
    const peak = stopMemory();
    delay.disable();
    observer.disconnect();
    return {
      cpuMs:
        scheduleBefore && scheduleAfter ? (scheduleAfter.cpuNs - scheduleBefore.cpuNs) / 1e6 : Number.NaN,
      runQueueWaitMs:
        scheduleBefore && scheduleAfter ? (scheduleAfter.waitNs - scheduleBefore.waitNs) / 1e6 : Number.NaN,
      delayP99Ms: inProcess ? delay.percentile(99) / 1e6 : Number.NaN,
      delayMaxMs: inProcess ? delay.max / 1e6 : Number.NaN,
      gcCount: inProcess ? gcCount : Number.NaN,
      gcTotalMs: inProcess ? gcTotalMs : Number.NaN,
      gcMaxMs: inProcess ? gcMaxMs : Number.NaN,
      peak,
    };
  };
}

function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu  user nice system idle iowait irq softirq steal …
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, n) => sum + n, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * The share of all cores other processes kept busy over a short idle pause of ours (Linux only):
 * a benchmark only means something on a machine that is otherwise quiet.
 */
export async function machineBusyShare(sampleMs = 1000): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return Number.NaN;
  return (after.busy - before.busy) / (after.total - before.total);
}
