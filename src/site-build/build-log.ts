/**
 * The build process's log of its steps (`[build data]` lines): each step's seconds, the memory after
 * it (resident; the JavaScript heap used and held; what lies outside it) and when it ended in the process's life, so a build's log says where an edit's seconds and a
 * build's memory went; the steps that take most of a build also say what their seconds went on. The site bench prints these lines for every build.
 */
import { constants, PerformanceObserver, type NodeGCPerformanceDetail, type PerformanceEntry } from 'node:perf_hooks';
import { once } from '../lib/once.ts';

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Logs a moment of the build, with the memory then. */
export function logMoment(what: string): void {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  console.log(`[build data] ${what} (rss ${mib(rss)} MiB, heap ${mib(heapUsed)} of ${mib(heapTotal)} MiB, outside it ${mib(external)} MiB, at ${process.uptime().toFixed(1)} s)`);
}

/** Milliseconds the process has paused to collect garbage, young and old apart, since the first step that asked. */
const collecting = { young: 0, old: 0 };
/** A collection of the young generation alone (a scavenge); Node's types leave a 'gc' entry's detail out. */
const isYoung = (entry: PerformanceEntry): boolean =>
  'detail' in entry && (entry.detail as NodeGCPerformanceDetail | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MINOR;
const watchCollections = once(() => new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (isYoung(entry)) collecting.young += entry.duration;
    else collecting.old += entry.duration;
  }
}).observe({ entryTypes: ['gc'] }));

/** Starts measuring where the seconds go: CPU, its share in the kernel (creating and writing files, memory first touched), and collecting garbage. */
function costMeter(): () => string {
  watchCollections();
  const cpu = process.cpuUsage();
  const { young, old } = collecting;
  return () => {
    const spent = process.cpuUsage(cpu);
    return `CPU ${seconds((spent.user + spent.system) / 1000)} s (kernel ${seconds(spent.system / 1000)} s), collecting garbage ${seconds(collecting.young - young)} s young and ${seconds(collecting.old - old)} s old`;
  };
}

/**
 * Runs a step of the build and logs how long it took and the memory after it; with `costs`, also where
 * its seconds went (costMeter), for the steps that take most of a build's.
 */
export async function logged<T>(step: string, run: () => Promise<T> | T, o: { costs?: boolean } = {}): Promise<T> {
  const start = performance.now();
  const costs = o.costs ? costMeter() : null;
  const result = await run();
  logMoment(`${step}: ${((performance.now() - start) / 1000).toFixed(2)} s${costs ? `, ${costs()}` : ''}`);
  return result;
}
