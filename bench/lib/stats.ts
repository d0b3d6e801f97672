/** The nearest-rank percentile (0–100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Times `run` sequentially `iterations` times after `warmup` untimed runs; milliseconds per run. */
export async function timeRuns(
  run: () => Promise<unknown>,
  iterations: number,
  warmup: number,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Like timeRuns, but also the process's own CPU time per run (user + system). On SQLite the query
 * runs on this thread, so its CPU time is what it costs whatever else keeps the machine busy; the
 * wall time also counts the waits for a core.
 */
export async function timeRunsWithCpu(
  run: () => Promise<unknown>,
  iterations: number,
  warmup: number,
): Promise<{ wall: number[]; cpu: number[] }> {
  for (let i = 0; i < warmup; i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

/** A plain-text table with right-aligned numbers, for the console and for pasting into Markdown. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  // A column is numeric when every cell is a number (or a dash for none) and at least one is a number.
  const isNumber = (text: string) => /^[<≤ ]*\d[\d.,]*×?$/.test(text);
  const numeric = header.map(
    (_, i) =>
      rows.some((row) => isNumber(row[i] ?? '')) &&
      rows.every((row) => isNumber(row[i] ?? '') || row[i] === '—'),
  );
  const cell = (text: string, i: number) =>
    numeric[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => cell(c, i)).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}
