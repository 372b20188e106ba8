import { loadavg } from 'node:os';
import { generateAssetContent, generateFramework, type OfferAiOptions } from '@/shared/ai/offers.ts';
import { GENERATE_ALL_CONCURRENCY, newOffer, offerExport, runBounded, updateAsset, type OfferDraft } from '@/shared/core/offers/index.ts';
import { exportDocument, type ExportFormat } from '@/shared/export/index.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI } from '../fixtures/fake-openai.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * `npm run bench` (after the REST cases): the offer builder.
 * 1. Generate All of a 19-asset offer against the fake provider answering after 1 s, through the
 *    real `openai` SDK and the same calls the page makes (shared/ai/offers.ts), with the page's
 *    bounded concurrency vs one by one. Goal: ≥ 4× faster.
 * 2. DOCX and PDF export of a full offer (the generated one, and one whose 19 assets hold
 *    ~3,000 characters of markdown each). Goal: ≤ 1 s.
 */
const LATENCY_MS = Number(process.env.BENCH_AI_LATENCY_MS ?? 1000);
const EXPORT_RUNS = 5;

const fake = await startFakeOpenAI({ chunkDelayMs: 0 });
const options: OfferAiOptions = {
  target: { provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY },
  model: 'gpt-4o-mini',
  settings: { baseUrls: { openai: fake.baseURL }, maxRetries: 0 },
  usage: usageLog,
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function generateAll(offer: OfferDraft, limit: number): Promise<{ ms: number; offer: OfferDraft }> {
  let current = offer;
  const started = performance.now();
  const result = await runBounded(
    offer.assets.map((a) => a.name),
    limit,
    async (name) => {
      const content = await generateAssetContent(
        offer,
        offer.assets.find((a) => a.name === name)!,
        null,
        options,
      );
      current = updateAsset(current, name, { content, error: null });
      return true;
    },
  );
  if (result.failed.length) throw new Error(`failed: ${result.failed.join(', ')}`);
  return { ms: performance.now() - started, offer: current };
}

/** The same offer with every text asset a realistic ~3,000 characters of markdown, and notes. */
function longOffer(offer: OfferDraft): OfferDraft {
  const section = (i: number) =>
    `## Part ${i}\n\nA paragraph that explains the idea in plain words, with **one bold claim** and a concrete example the reader can use this week. It keeps going for a few lines so the layout has to wrap it.\n\n- First point, with a short reason\n- Second point, with a number: 37%\n- Third point, ending the list\n\n`;
  let long = offer;
  for (const asset of offer.assets) {
    const content =
      asset.content?.format === 'text'
        ? { format: 'text' as const, markdown: Array.from({ length: 6 }, (_, i) => section(i + 1)).join('') }
        : asset.content;
    long = updateAsset(long, asset.name, { content, notes: 'Review with the team before launch; keep the tone calm.' });
  }
  return { ...long, generalNotes: 'Launch in May. Webinar on the 12th, cart closes on the 19th.' };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Wall time, and the process's CPU time (user + system) for the same run: on a shared, busy
 * machine the wall time includes waiting for a core, the CPU time is what the export itself costs.
 */
async function exportTimes(offer: OfferDraft, format: ExportFormat): Promise<{ wall: number; max: number; cpu: number; bytes: number }> {
  const doc = offerExport(offer);
  await exportDocument(doc, format); // warm-up (module and font set-up)
  const walls: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const file = await exportDocument(doc, format);
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    bytes = typeof file.data === 'string' ? file.data.length : file.data.byteLength;
  }
  return { wall: median(walls), max: Math.max(...walls), cpu: median(cpus), bytes };
}

try {
  const framework = await generateFramework('yoga teachers', null, options);
  const offer = newOffer('yoga teachers', framework);
  fake.settings.firstByteMs = LATENCY_MS;
  console.log(
    `\nOffer builder: Generate All of ${offer.assets.length} assets, fake provider answering after ${LATENCY_MS} ms (openai SDK)`,
  );
  const sequential = await generateAll(offer, 1);
  const bounded = await generateAll(offer, GENERATE_ALL_CONCURRENCY);
  fake.settings.firstByteMs = 0;
  const speedup = sequential.ms / bounded.ms;
  console.log(`  one by one                      ${seconds(sequential.ms)}`);
  console.log(`  ${GENERATE_ALL_CONCURRENCY} at once (Generate All)        ${seconds(bounded.ms)}`);
  console.log(`  speed-up                        ${speedup.toFixed(2)}×  (goal ≥ 4×: ${speedup >= 4 ? 'met' : 'NOT met'})`);

  console.log(
    `\nOffer builder: export of a full offer (${EXPORT_RUNS} runs: median wall / slowest wall / median CPU time; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  let slowestMedian = 0;
  let slowest = 0;
  for (const [label, subject] of [
    ['generated offer', bounded.offer],
    ['long offer (19 × ~3,000 chars)', longOffer(bounded.offer)],
  ] as const) {
    for (const format of ['docx', 'pdf'] as const) {
      const t = await exportTimes(subject, format);
      slowestMedian = Math.max(slowestMedian, t.wall);
      slowest = Math.max(slowest, t.max);
      console.log(
        `  ${format.toUpperCase().padEnd(5)} ${label.padEnd(32)} ${t.wall.toFixed(0).padStart(5)} ms / ${t.max.toFixed(0).padStart(5)} ms / ${t.cpu.toFixed(0).padStart(5)} ms CPU   ${(t.bytes / 1024).toFixed(0)} KB`,
      );
    }
  }
  console.log(
    `  goal ≤ 1 s: ${slowestMedian <= 1000 ? 'met' : 'NOT met'} at the median (slowest median ${slowestMedian.toFixed(0)} ms; slowest single run ${slowest.toFixed(0)} ms)`,
  );
} finally {
  await fake.close();
}
