/** The part of autocannon 8's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Run the load in this many worker threads, off the main thread that serves the requests. */
      workers?: number;
      headers?: Record<string, string>;
      method?: string;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      /**
       * Requests built per request; with workers, setupRequest and onResponse are absolute paths of
       * CommonJS modules exporting the function (a function cannot be sent to a worker thread).
       */
      requests?: { method?: string; setupRequest?: string; onResponse?: string }[];
      /** Each connection's context starts as a copy of this before every request. */
      initialContext?: Record<string, unknown>;
    }

    /** Percentiles are keyed p50, p90, p97_5, p99, …; latencies are in whole milliseconds. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      [percentile: string]: number;
    }

    interface Result {
      url: string;
      connections: number;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    interface Instance {
      stop(): void;
    }
  }

  export = autocannon;
}
