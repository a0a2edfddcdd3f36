/**
 * The build process's log of its steps (`[build data]` lines): each step's seconds, the memory after
 * it (resident; the JavaScript heap used and held; what lies outside it) and when it ended in the process's life, so a build's log says where an edit's seconds and a
 * build's memory went. The site bench prints these lines for every build.
 */
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Logs a moment of the build, with the memory then. */
export function logMoment(what: string): void {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  console.log(`[build data] ${what} (rss ${mib(rss)} MiB, heap ${mib(heapUsed)} of ${mib(heapTotal)} MiB, outside it ${mib(external)} MiB, at ${process.uptime().toFixed(1)} s)`);
}

/** Runs a step of the build and logs how long it took and the memory after it. */
export async function logged<T>(step: string, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const result = await run();
  logMoment(`${step}: ${((performance.now() - start) / 1000).toFixed(2)} s`);
  return result;
}
