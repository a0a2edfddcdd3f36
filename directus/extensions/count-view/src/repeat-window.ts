/** Remembers keys for a while, bounded in size, to tell a first visit from a repeat. */
export class RepeatWindow {
  private seen = new Map<string, number>();
  private windowMs: number;
  private maxKeys: number;

  constructor(windowMs: number, maxKeys: number) {
    this.windowMs = windowMs;
    this.maxKeys = maxKeys;
  }

  firstTime(key: string, now = Date.now()): boolean {
    const at = this.seen.get(key);
    if (at !== undefined && now - at < this.windowMs) return false;
    this.seen.delete(key);
    this.seen.set(key, now);
    if (this.seen.size > this.maxKeys) this.seen.delete(this.seen.keys().next().value as string);
    return true;
  }

  forget(key: string): void {
    this.seen.delete(key);
  }
}
