/**
 * `npm run bench:segments`: draws the generated test set (once; kept in DATA_DIR/segment-testset),
 * analyses each season as the backend would, and prints how many openings and endings were found
 * within ±1 s and ±2 s of the truth, the segments proposed on episodes that have none, and the
 * analysis time per episode-hour (wall clock, and CPU of the analysis and its ffmpeg/fpcalc).
 *
 * `-- --calibrate` instead draws other seasons and prints where the runs' edges lie from the truth
 * before any offset or snapping, which is what EDGE_OFFSETS in matching.ts are set from.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from './lib/paths.ts';
import { ensureFpcalc } from './lib/fpcalc.ts';
import { BENCH_SEASONS, drawSeason, drawTestSet, REAL_ENCODING, type EpisodeTruth, type SeasonSpec } from './lib/segment-testset.ts';
import { analyseSeason, partsOf, type Proposal } from '../directus/extensions/segment-finder/src/season.ts';
import { fingerprintPart, probeMedia, type AudioPart } from '../directus/extensions/segment-finder/src/fingerprint.ts';
import { POINT_SECONDS, recurringSegments, type Interval } from '../directus/extensions/segment-finder/src/matching.ts';
import { defaultTools } from '../directus/extensions/segment-finder/src/tools.ts';

const dir = path.join(process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : DEFAULT_DATA_DIR, 'segment-testset');
ensureFpcalc();

/** CPU seconds of this process and of the children it has waited for (ffmpeg, fpcalc). */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const ticks = 100; // USER_HZ on Linux
  const children = (Number(fields[13]) + Number(fields[14])) / ticks; // cutime, cstime
  const own = process.cpuUsage();
  return children + (own.user + own.system) / 1e6;
}

interface Tally { truths: number; within1: number; within2: number; missed: number; falseOnes: number; empties: number; worst: number }
const tally = (): Tally => ({ truths: 0, within1: 0, within2: 0, missed: 0, falseOnes: 0, empties: 0, worst: 0 });

function score(t: Tally, truth: Interval | null, found: Proposal | null): string {
  if (!truth) {
    t.empties++;
    if (found) { t.falseOnes++; return `false ${found.start}–${found.end}`; }
    return 'none, right';
  }
  t.truths++;
  if (!found) { t.missed++; return `missed ${truth.start.toFixed(2)}–${truth.end.toFixed(2)}`; }
  const err = Math.max(Math.abs(found.start - truth.start), Math.abs(found.end - truth.end));
  t.worst = Math.max(t.worst, err);
  if (err <= 1) t.within1++;
  if (err <= 2) t.within2++;
  return `${found.start.toFixed(2)}–${found.end.toFixed(2)} (truth ${truth.start.toFixed(2)}–${truth.end.toFixed(2)}, off ${err.toFixed(2)} s, confidence ${found.confidence})`;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} % (${n}/${d})` : '—');

async function bench(): Promise<void> {
  let started = Date.now();
  const seasons = await drawTestSet(dir, BENCH_SEASONS, (m) => console.log(m));
  console.log(`Test set ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  const openings = tally();
  const endings = tally();
  let wall = 0;
  let cpu = 0;
  let hours = 0;
  let analysed = 0;
  for (const season of seasons) {
    const cpu0 = cpuSeconds();
    started = performance.now();
    const result = await analyseSeason(season.episodes.map((e: EpisodeTruth, i: number) => ({ id: i + 1, file: e.file })));
    const seconds = (performance.now() - started) / 1000;
    const used = cpuSeconds() - cpu0;
    wall += seconds;
    cpu += used;
    const seasonHours = season.episodes.reduce((sum, e) => sum + e.duration, 0) / 3600;
    hours += seasonHours;
    analysed += result.analysedSeconds;
    console.log(`\n${season.name}: ${result.state}, ${seconds.toFixed(1)} s (CPU ${used.toFixed(1)} s) for ${(seasonHours * 60).toFixed(1)} min of episodes`);
    season.episodes.forEach((truth, i) => {
      const r = result.episodes[i]!;
      console.log(`  e${i + 1} [${truth.openingVersion}] ${r.state}\n    opening: ${score(openings, truth.opening, r.opening)}\n    ending:  ${score(endings, truth.ending, r.ending)}`);
    });
  }
  const rows = [
    ['openings within ±1 s', pct(openings.within1, openings.truths)],
    ['openings within ±2 s', pct(openings.within2, openings.truths)],
    ['openings missed', String(openings.missed)],
    ['false openings (episodes without one)', `${openings.falseOnes} of ${openings.empties}`],
    ['endings within ±1 s', pct(endings.within1, endings.truths)],
    ['endings within ±2 s', pct(endings.within2, endings.truths)],
    ['endings missed', String(endings.missed)],
    ['false endings (episodes without one)', `${endings.falseOnes} of ${endings.empties}`],
    ['largest edge error', `opening ${openings.worst.toFixed(2)} s, ending ${endings.worst.toFixed(2)} s`],
    ['episodes', `${seasons.reduce((n, s) => n + s.episodes.length, 0)} in ${seasons.length} seasons, ${hours.toFixed(2)} h`],
    ['analysis per episode-hour', `${(wall / hours).toFixed(2)} s wall, ${(cpu / hours).toFixed(2)} s CPU`],
    ['sound read', `${(analysed / 60).toFixed(1)} min (${((100 * analysed) / (hours * 3600)).toFixed(0)} % of the episodes)`],
    ['analysis per hour of sound read', `${(wall / (analysed / 3600)).toFixed(2)} s wall, ${(cpu / (analysed / 3600)).toFixed(2)} s CPU`],
  ];
  console.log('\n| what | figure |\n|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}

/** Seasons unlike the benchmark's (other seeds and lengths), for measuring the edge offsets. */
const CALIBRATION_SEASONS: SeasonSpec[] = [
  { name: 'calA', seed: 101, episodes: 4, episodeSeconds: 240, openingSeconds: 40, endingSeconds: 40, coldOpen: [5, 45], shortened: {}, noOpening: [], noEnding: [], previewSeconds: 10 },
  { name: 'calB', seed: 103, episodes: 4, episodeSeconds: 240, openingSeconds: 25, endingSeconds: 50, coldOpen: [5, 30], shortened: {}, noOpening: [], noEnding: [], previewSeconds: 0 },
  { name: 'calC', seed: 107, episodes: 4, episodeSeconds: 240, openingSeconds: 55, endingSeconds: 30, coldOpen: [2, 20], shortened: {}, noOpening: [], noEnding: [], previewSeconds: 12 },
];

async function calibrate(): Promise<void> {
  const tools = defaultTools();
  const offsets = { start: [] as number[], end: [] as number[] };
  for (const spec of CALIBRATION_SEASONS) {
    const season = await drawSeason(spec, path.join(dir, 'calibration'), REAL_ENCODING);
    const heard: { truth: EpisodeTruth; opening: AudioPart; ending: AudioPart }[] = [];
    for (const e of season.episodes) {
      const probe = await probeMedia(e.file, tools);
      if (!probe.ok) throw new Error(`${e.file}: ${probe.message}`);
      const parts = partsOf(probe.info.duration);
      const opening = await fingerprintPart(e.file, 0, parts.opening.end, tools);
      const ending = await fingerprintPart(e.file, parts.ending.start, parts.ending.end - parts.ending.start, tools);
      if (!opening.ok || !ending.ok) throw new Error(`${e.file} could not be fingerprinted`);
      heard.push({ truth: e, opening: opening.part, ending: ending.part });
    }
    for (const kind of ['opening', 'ending'] as const) {
      const found = recurringSegments(heard.map((h) => h[kind].points), kind);
      found.forEach((f, i) => {
        const part = heard[i]![kind];
        const truth = heard[i]!.truth[kind];
        // Only edges inside the part, away from the file's ends, say where a run's edge lies.
        if (!f || !truth || truth.end > part.start + part.duration - 3) return;
        offsets.start.push(truth.start - (part.start + f.startPoint * POINT_SECONDS));
        offsets.end.push(truth.end - (part.start + f.endPoint * POINT_SECONDS));
      });
    }
  }
  for (const [edge, list] of Object.entries(offsets)) {
    list.sort((x, y) => x - y);
    const mean = list.reduce((s, x) => s + x, 0) / list.length;
    console.log(`${edge}: mean ${mean.toFixed(2)} s, range ${list[0]!.toFixed(2)}..${list[list.length - 1]!.toFixed(2)} s over ${list.length} edges`);
  }
}

await (process.argv.includes('--calibrate') ? calibrate() : bench());
