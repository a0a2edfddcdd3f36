/**
 * Keeps the Directus of `npm start` running: when it stops without being asked to, it is started again
 * on the same port with the same settings, after a wait that grows while it keeps stopping soon after
 * starting (restart-policy.ts); after too many such stops in a row it is left stopped and `onGiveUp` is
 * told why. The site server proxies to the same address throughout, so its /api answers again as soon as
 * Directus is back (502 meanwhile). Events: 'stopped' (code, signal), 'restarted' (RunningDirectus),
 * 'gave-up' (message).
 */
import { EventEmitter } from 'node:events';
import { startDirectus, type RunningDirectus } from './directus-process.ts';
import { DEFAULT_RESTART_POLICY, decideRestart, type RestartPolicy } from './restart-policy.ts';

export interface SupervisorOptions {
  /** The environment it was started with (the same port and data). */
  env: Record<string, string>;
  quiet?: boolean;
  policy?: RestartPolicy;
  log?: (line: string) => void;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export class DirectusSupervisor extends EventEmitter {
  current: RunningDirectus;
  private readonly o: SupervisorOptions;
  private readonly policy: RestartPolicy;
  private startedAt = Date.now();
  private quickStops = 0;
  private restarts = 0;
  private stopping = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(running: RunningDirectus, o: SupervisorOptions) {
    super();
    this.current = running;
    this.o = o;
    this.policy = o.policy ?? DEFAULT_RESTART_POLICY;
    this.watch(running);
  }

  get url(): string {
    return this.current.url;
  }

  /** Stops Directus for good (Ctrl+C): no restart follows. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current.stop();
  }

  private log(line: string): void {
    (this.o.log ?? console.log)(line);
  }

  private watch(running: RunningDirectus): void {
    const stopped = (code: number | null, signal: NodeJS.Signals | null) => {
      if (this.stopping) return;
      this.emit('stopped', code, signal);
      this.afterStop(signal ? `signal ${signal}` : `code ${code}`, Date.now() - this.startedAt);
    };
    const { child } = running;
    if (child.exitCode !== null || child.signalCode !== null) stopped(child.exitCode, child.signalCode);
    else child.once('exit', stopped);
  }

  private afterStop(why: string, ranMs: number): void {
    const stoppedAt = Date.now();
    const decision = decideRestart(this.policy, this.quickStops, ranMs);
    this.quickStops = decision.quickStops;
    if (!decision.restart) {
      const message = `Directus stopped unexpectedly (${why}), ${decision.quickStops} times in a row soon after starting; not restarting it again. `
        + 'Its last lines are above: fix the cause and start again.';
      this.log(message);
      this.emit('gave-up', message);
      return;
    }
    this.log(`Directus stopped unexpectedly (${why}); restarting in ${seconds(decision.delayMs)}`);
    this.timer = setTimeout(() => void this.restart(stoppedAt), decision.delayMs);
  }

  private async restart(stoppedAt: number): Promise<void> {
    if (this.stopping) return;
    this.startedAt = Date.now();
    let running: RunningDirectus;
    try {
      running = await startDirectus(this.o.env, { quiet: this.o.quiet });
    } catch (err) {
      if (this.stopping) return;
      this.afterStop(`it did not start: ${(err as Error).message.split('\n')[0]}`, 0);
      return;
    }
    if (this.stopping) return void (await running.stop());
    this.current = running;
    this.restarts++;
    this.log(`Directus is back at ${running.url} (restart ${this.restarts}, ${seconds(Date.now() - stoppedAt)} after it stopped)`);
    this.watch(running);
    this.emit('restarted', running);
  }
}
