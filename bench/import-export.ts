/**
 * Optional scenarios of `npm run bench`: a contact import and a contact export over HTTP against
 * the running server.
 *
 *   --import N   a CSV of N leads (5% invalid phones, 5% repeating an earlier row's e-mail):
 *                upload, preview and run timed; server RSS sampled; the leads list loaded meanwhile
 *   --export     every lead exported as CSV and XLSX: rows, seconds and server RSS
 */
import autocannon from 'autocannon';
import { type ServerMemory, serverMemoryMb, watchMemory } from './lib/diagnostics.js';
import { fixed, markdownTable } from './lib/stats.js';

/** The targets on SQLite, on this machine. */
export const IMPORT_TARGETS = { previewS: 20, importS: 60, rssGrowthMb: 150, listP99Ms: 100, exportS: 60 };

/** Samples the server processes' memory until stopped; answers each measure's growth at its peak. */
function sampleGrowth(pids: readonly number[]): () => ServerMemory {
  const before = serverMemoryMb(pids);
  const stop = watchMemory(pids);
  return () => {
    const peak = stop();
    return { rss: peak.rss - before.rss, anon: peak.anon - before.anon };
  };
}

export function contactCsv(rows: number, tag: string): string {
  const lines = ['First Name,Surname,E-Mail,Phone Number,Source,City,Gender,Birthday'];
  for (let i = 0; i < rows; i++) {
    // Every twentieth row repeats an earlier row's e-mail; every twentieth (offset) has too short a phone.
    const n = i % 20 === 10 && i > 20 ? i - 15 : i;
    const phone =
      i % 20 === 5 ? String(i % 100_000).padStart(5, '0') : `9054${String(10_000_000 + i).slice(-8)}`;
    lines.push(
      `Bench${i},${tag},bench${n}.${tag}@example.com,+${phone},Facebook,Girne,${i % 2 ? 'Male' : 'Female'},1990-01-${String((i % 28) + 1).padStart(2, '0')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface ImportView {
  id: number;
  state: string;
  error: string | null;
  mapping: (string | null)[];
  counts: Record<string, number>;
  preview: Record<string, unknown> | null;
}

async function waitFor(
  base: string,
  headers: Record<string, string>,
  id: number,
  state: string,
): Promise<ImportView> {
  for (;;) {
    const view = (await (await fetch(`${base}/api/imports/${id}`, { headers })).json()) as ImportView;
    if (view.state === state) return view;
    if (view.state === 'failed') throw new Error(`import ${id} failed: ${view.error}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function listLoad(base: string, headers: Record<string, string>): { stop: () => Promise<autocannon.Result> } {
  let resolveResult: (result: autocannon.Result) => void;
  const done = new Promise<autocannon.Result>((resolve) => {
    resolveResult = resolve;
  });
  const instance = autocannon(
    { url: `${base}/api/contacts?type=lead&limit=50`, connections: 2, duration: 3600, headers, timeout: 10 },
    (_error, result) => resolveResult(result),
  );
  return {
    stop: async () => {
      instance.stop();
      return done;
    },
  };
}

export async function benchImport(
  base: string,
  headers: Record<string, string>,
  pids: readonly number[],
  rows: number,
): Promise<string[]> {
  const tag = `imp${Date.now().toString(36)}`;
  const csv = contactCsv(rows, tag);
  const form = new FormData();
  form.set('entity', 'contacts');
  form.set('type', 'LEAD');
  form.set('file', new Blob([csv], { type: 'text/csv' }), `${tag}.csv`);
  const growthSoFar = sampleGrowth(pids);
  let at = performance.now();
  const uploaded = await fetch(`${base}/api/imports`, { method: 'POST', headers, body: form });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status} ${await uploaded.text()}`);
  const view = (await uploaded.json()) as ImportView;
  const uploadS = (performance.now() - at) / 1000;
  const settings = JSON.stringify({ mapping: view.mapping, mode: 'create', key: 'email', skipErrors: true });
  const post = (step: string) =>
    fetch(`${base}/api/imports/${view.id}/${step}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: settings,
    });
  at = performance.now();
  await post('preview');
  const previewed = await waitFor(base, headers, view.id, 'previewed');
  const previewS = (performance.now() - at) / 1000;
  const load = listLoad(base, headers);
  at = performance.now();
  await post('run');
  const done = await waitFor(base, headers, view.id, 'done');
  const importS = (performance.now() - at) / 1000;
  const list = await load.stop();
  const memory = growthSoFar();
  const growth = memory.rss;
  const t = IMPORT_TARGETS;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'miss');
  console.log(`\nImport of ${rows.toLocaleString('en')} leads (${(csv.length / 1e6).toFixed(1)} MB CSV):\n`);
  console.log(
    markdownTable(
      ['step', 'measured', 'target', 'result'],
      [
        ['upload (read and map)', `${fixed(uploadS, 1)} s`, '—', '—'],
        ['preview', `${fixed(previewS, 1)} s`, `≤ ${t.previewS} s`, verdict(previewS <= t.previewS)],
        ['import', `${fixed(importS, 1)} s`, `≤ ${t.importS} s`, verdict(importS <= t.importS)],
        [
          'server RSS growth (of which anonymous)',
          `${fixed(growth, 0)} MB (${fixed(memory.anon, 0)} MB)`,
          `≤ ${t.rssGrowthMb} MB`,
          verdict(growth <= t.rssGrowthMb),
        ],
        [
          `leads list p99 during the import (${list.requests.total} requests)`,
          `${list.latency.p99} ms`,
          `≤ ${t.listP99Ms} ms`,
          verdict(list.latency.p99 <= t.listP99Ms),
        ],
      ],
    ),
  );
  console.log(`Preview: ${JSON.stringify(previewed.preview)}; run counts: ${JSON.stringify(done.counts)}`);
  const misses: string[] = [];
  if (previewS > t.previewS) misses.push(`import preview ${fixed(previewS, 1)} s > ${t.previewS} s`);
  if (importS > t.importS) misses.push(`import ${fixed(importS, 1)} s > ${t.importS} s`);
  if (growth > t.rssGrowthMb) misses.push(`import RSS growth ${fixed(growth, 0)} MB > ${t.rssGrowthMb} MB`);
  if (list.latency.p99 > t.listP99Ms)
    misses.push(`list p99 during import ${list.latency.p99} ms > ${t.listP99Ms} ms`);
  return misses;
}

export async function benchExport(
  base: string,
  headers: Record<string, string>,
  pids: readonly number[],
): Promise<string[]> {
  const rows: string[][] = [];
  const misses: string[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    // Every contact: the leads list, then the customers list (an export follows a list).
    const growthSoFar = sampleGrowth(pids);
    let totalSeconds = 0;
    let totalRows = 0;
    for (const list of ['leads', 'customers'] as const) {
      const at = performance.now();
      const res = await fetch(`${base}/api/exports/${list}?format=${format}`, { headers });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++;
      }
      const seconds = (performance.now() - at) / 1000;
      const total = Number(res.headers.get('x-total-count'));
      const complete = format === 'xlsx' || lines - 1 === total;
      totalSeconds += seconds;
      totalRows += total;
      rows.push([
        format,
        list,
        total.toLocaleString('en'),
        format === 'csv' ? (lines - 1).toLocaleString('en') : '(zipped)',
        `${(bytes / 1e6).toFixed(1)} MB`,
        `${fixed(seconds, 1)} s`,
        '',
        '',
      ]);
      if (!complete) misses.push(`${format} export of ${list} wrote ${lines - 1} rows of ${total}`);
    }
    const memory = growthSoFar();
    const onTime = totalSeconds <= IMPORT_TARGETS.exportS;
    rows.push([
      format,
      'every contact',
      totalRows.toLocaleString('en'),
      '',
      '',
      `${fixed(totalSeconds, 1)} s`,
      `${fixed(memory.rss, 0)} MB (${fixed(memory.anon, 0)} MB)`,
      onTime ? 'ok' : 'miss',
    ]);
    if (!onTime)
      misses.push(
        `${format} export of every contact ${fixed(totalSeconds, 1)} s > ${IMPORT_TARGETS.exportS} s`,
      );
  }
  console.log('\nExport of every contact (the leads list, then the customers list):\n');
  console.log(
    markdownTable(
      [
        'format',
        'list',
        'X-Total-Count',
        'rows in file',
        'size',
        'time',
        'server RSS growth (anonymous)',
        'result',
      ],
      rows,
    ),
  );
  return misses;
}
