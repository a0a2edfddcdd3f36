/**
 * `npm run bench:chat`: the public chat at scale. Starts its own backend on a fresh database, makes
 * signed-in people, connects them as realtime subscribers of the public chat (handshake auth, as the
 * site does), sends messages at a steady rate from several people (each under the per-person pace)
 * and measures, for every message and every subscriber, the time from sending to receiving it.
 * Prints p50 / p95 / max of those delivery times, the messages lost and Directus's memory (RSS).
 * A benchmark, not a test.
 *
 *   one instance on SQLite:               node scripts/bench-chat.ts --instances 1
 *   two instances on PostgreSQL + Redis:  node scripts/bench-chat.ts --instances 2
 *   options: --subscribers 500 --rate 5 --seconds 60 --senders 20 [--pg] [--keep]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { PACE, ROLES } from '../shared/rules.ts';
import { startBackend, type Backend } from './lib/backend.ts';
import { directusEnv, type DirectusOptions } from './lib/directus-env.ts';
import { startDirectus, type RunningDirectus } from './lib/directus-process.ts';
import { freePort } from './lib/free-port.ts';
import { clearRedisNamespace, createDatabase, dropDatabase, productionEnv, uniqueName } from './lib/postgres.ts';
import { ensurePostgres, ensureRedis } from './lib/services.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '1' },
    subscribers: { type: 'string', default: '500' },
    rate: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '60' },
    senders: { type: 'string', default: '20' },
    pg: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const INSTANCES = Number(values.instances);
const SUBSCRIBERS = Number(values.subscribers);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const SENDERS = Number(values.senders);
const PG = values.pg || INSTANCES > 1;
/** How long after the last send a missing delivery counts as lost. */
const DRAIN_MS = 30_000;

// Each sender stays under the per-person pace, or the chat would refuse them and the figures would lie.
const perSender = (RATE / SENDERS) * PACE.message.seconds;
if (perSender >= PACE.message.count) {
  throw new Error(`${SENDERS} senders at ${RATE}/s send ${perSender} messages per ${PACE.message.seconds} s each; the pace allows ${PACE.message.count - 1}: add --senders`);
}

/** The subscription the chat makes: public messages with their authors, newest first. */
const SUBSCRIPTION = {
  type: 'subscribe',
  uid: 'public',
  collection: 'messages',
  query: {
    fields: ['*', 'user_created.id', 'user_created.login', 'user_created.avatar', 'images.directus_files_id'],
    filter: { publicChat: { _eq: true } },
    sort: ['-id'],
    limit: 1,
  },
};

interface Person { id: string; token: string }

// ---------------------------------------------------------------- the backend(s)

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-bench-chat-'));
const pgName = PG ? uniqueName('dorama_bench_chat') : '';
const instances: RunningDirectus[] = [];
let first: Backend | undefined;

async function stopAll(): Promise<void> {
  await Promise.allSettled(instances.map((i) => i.stop()));
  if (pgName && !values.keep) {
    await dropDatabase(pgName).catch((err) => console.error(`could not drop ${pgName}: ${err.message}`));
    await clearRedisNamespace(pgName).catch(() => {});
  }
  if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));

async function startInstances(): Promise<void> {
  if (PG) {
    await ensurePostgres();
    await ensureRedis();
    await createDatabase(pgName);
  }
  const options: DirectusOptions = {
    dataDir,
    port: await freePort(),
    secret: randomBytes(24).toString('hex'),
    adminEmail: 'admin@example.com',
    adminPassword: randomBytes(12).toString('hex'),
    extra: {
      ...(PG ? productionEnv(pgName, pgName) : {}),
      // All subscribers connect from this one address: the per-address limiter would refuse them.
      RATE_LIMITER_POINTS: '1000000',
      // On a machine shared with other work, the event-loop guard would refuse the measured sends.
      PRESSURE_LIMITER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    },
  };
  console.log(`Starting ${INSTANCES} Directus instance(s) on ${PG ? `PostgreSQL (${pgName}) + Redis` : `SQLite (${dataDir})`} …`);
  first = await startBackend({ ...options, quiet: true });
  instances.push(first);
  for (let i = 1; i < INSTANCES; i++) {
    instances.push(await startDirectus(directusEnv({ ...options, port: await freePort() }), { quiet: true }));
  }
}

/** People made by the admin in batches, each with a static token: signing 500 people in would time argon2, not the chat. */
async function makePeople(count: number): Promise<Person[]> {
  const people: Person[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) => {
      const login = `bench${start + i}_${randomUUID().slice(0, 6)}`;
      return { email: `${login}@example.com`, login, first_name: 'Тест', role: ROLES.user, token: randomBytes(24).toString('hex') };
    });
    const created = await first!.api.post<{ id: string }[]>('/users', batch);
    created.forEach((row, i) => people.push({ id: row.id, token: batch[i].token }));
  }
  return people;
}

// ---------------------------------------------------------------- subscribers

/** Marker of a benchmark message in its text: its sequence number. */
const MARK = /^bench #(\d+) /;

class Subscriber {
  ws!: WebSocket;
  /** Receive time of each message, by its sequence number. */
  received = new Map<number, number>();
  closed = false;
  base: string;
  person: Person;

  constructor(base: string, person: Person) {
    this.base = base;
    this.person = person;
  }

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/websocket`);
      this.ws = ws;
      const timer = setTimeout(() => reject(new Error('subscription did not start within 30 s')), 30_000);
      ws.on('error', (err) => { clearTimeout(timer); reject(err); });
      ws.on('close', () => { this.closed = true; });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', access_token: this.person.token })));
      ws.on('message', (raw) => {
        const at = performance.now();
        const frame = JSON.parse(String(raw));
        if (frame.type === 'ping') return ws.send(JSON.stringify({ type: 'pong' }));
        if (frame.type === 'auth') {
          if (frame.status !== 'ok') return reject(new Error(`auth refused: ${JSON.stringify(frame)}`));
          return ws.send(JSON.stringify(SUBSCRIPTION));
        }
        if (frame.type === 'error') return reject(new Error(`refused: ${JSON.stringify(frame)}`));
        if (frame.type !== 'subscription') return;
        if (frame.event === 'init') { clearTimeout(timer); return resolve(); }
        if (frame.event !== 'create') return;
        for (const row of frame.data ?? []) {
          const seq = MARK.exec(String(row.text))?.[1];
          if (seq !== undefined && !this.received.has(Number(seq))) this.received.set(Number(seq), at);
        }
      });
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

// ---------------------------------------------------------------- memory

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Resident memory of a process from /proc, in MiB. */
function rssMiB(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- the run

function quantile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function run(): Promise<void> {
  await startInstances();
  const idle = instances.map((i) => rssMiB(i.child.pid));
  const people = await makePeople(SUBSCRIBERS);
  const senders = people.slice(0, SENDERS);
  console.log(`Connecting ${SUBSCRIBERS} subscribers${INSTANCES > 1 ? `, spread over ${INSTANCES} instances` : ''} …`);
  const subscribers = people.map((p, i) => new Subscriber(instances[i % INSTANCES].url, p));
  const t0 = performance.now();
  await inBatches(subscribers, 25, (s) => s.open());
  console.log(`  subscribed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const connected = instances.map((i) => rssMiB(i.child.pid));

  const peak = instances.map(() => 0);
  const sampler = setInterval(() => instances.forEach((inst, i) => (peak[i] = Math.max(peak[i], rssMiB(inst.child.pid)))), 250);

  const total = Math.round(RATE * SECONDS);
  const sentAt = new Map<number, number>();
  const failures: string[] = [];
  const posts: Promise<void>[] = [];
  console.log(`Sending ${total} messages at ${RATE}/s from ${SENDERS} people for ${SECONDS} s (load average ${os.loadavg()[0].toFixed(2)}) …`);
  const start = performance.now();
  const cpuBefore = instances.map((i) => cpuSeconds(i.child.pid));
  for (let seq = 0; seq < total; seq++) {
    // A steady schedule: each message at its own moment, whatever the previous one took.
    const due = start + (seq * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sender = senders[seq % senders.length];
    const base = instances[seq % INSTANCES].url;
    sentAt.set(seq, performance.now());
    posts.push(fetch(`${base}/items/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `bench #${seq} Привет всем, это сообщение номер ${seq}` }),
    }).then(async (res) => {
      if (res.status !== 200 && res.status !== 204) failures.push(`#${seq}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }, (err) => { failures.push(`#${seq}: ${err.message}`); }));
  }
  await Promise.all(posts);
  const sendSeconds = (performance.now() - start) / 1000;

  // Wait until everyone has everything, or the drain time is over.
  const expected = (total - failures.length) * subscribers.length;
  const drainEnd = performance.now() + DRAIN_MS;
  const count = () => subscribers.reduce((n, s) => n + s.received.size, 0);
  while (count() < expected && performance.now() < drainEnd) {
    await new Promise((r) => setTimeout(r, 100));
  }
  clearInterval(sampler);
  const after = instances.map((i) => rssMiB(i.child.pid));
  const busy = instances.map((i, n) => (100 * (cpuSeconds(i.child.pid) - cpuBefore[n])) / ((performance.now() - start) / 1000));

  const delays: number[] = [];
  for (const s of subscribers) for (const [seq, at] of s.received) delays.push(at - sentAt.get(seq)!);
  delays.sort((a, b) => a - b);
  const lost = expected - delays.length;
  const dropped = subscribers.filter((s) => s.closed).length;
  subscribers.forEach((s) => s.close());

  const ms = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x)} ms`);
  const mib = (xs: number[]) => xs.map((x) => `${Math.round(x)}`).join(' + ') + ' MiB';
  console.log(`\nChat at scale: ${INSTANCES} instance(s) on ${PG ? 'PostgreSQL + Redis' : 'SQLite'}, ${subscribers.length} subscribers, ${total} messages in ${sendSeconds.toFixed(1)} s, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}, ${os.cpus().length} cores`);
  console.log('| figure | value |\n|---|---:|');
  console.log(`| deliveries (messages × subscribers) | ${delays.length} of ${expected} |`);
  console.log(`| delivery p50 | ${ms(quantile(delays, 50))} |`);
  console.log(`| delivery p95 | ${ms(quantile(delays, 95))} |`);
  console.log(`| delivery max | ${ms(delays.at(-1))} |`);
  console.log(`| messages lost | ${lost} |`);
  console.log(`| sends refused | ${failures.length} |`);
  console.log(`| subscribers dropped | ${dropped} |`);
  console.log(`| Directus RSS idle | ${mib(idle)} |`);
  console.log(`| Directus RSS with ${subscribers.length} subscribers | ${mib(connected)} |`);
  console.log(`| Directus RSS peak while sending | ${mib(peak)} |`);
  console.log(`| Directus RSS after | ${mib(after)} |`);
  console.log(`| Directus CPU while sending and delivering | ${busy.map((b) => `${Math.round(b)}`).join(' + ')} % of one core |`);
  // Where the slow deliveries were: p95 by ten seconds of sending.
  const windows = new Map<number, number[]>();
  for (const s of subscribers) for (const [seq, at] of s.received) {
    const w = Math.floor((sentAt.get(seq)! - start) / 10_000);
    if (!windows.has(w)) windows.set(w, []);
    windows.get(w)!.push(at - sentAt.get(seq)!);
  }
  console.log(`p95 by 10 s of sending: ${[...windows].sort(([a], [b]) => a - b).map(([w, xs]) => `${w * 10}s ${ms(quantile(xs.sort((a, b) => a - b), 95))}`).join(', ')}`);
  if (failures.length) console.log(`Refused sends:\n  ${failures.slice(0, 10).join('\n  ')}`);
}

try {
  await run();
} finally {
  await stopAll();
}
process.exit(0);
