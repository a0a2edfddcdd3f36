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
import os from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { PACE } from '../shared/rules.ts';
import { cpuSeconds, inBatches, quantile, rssMiB } from './lib/bench-figures.ts';
import { openBenchSocket } from './lib/bench-socket.ts';
import { makeBenchPeople, startBenchBackend, type BenchBackend, type BenchPerson } from './lib/bench-backend.ts';

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

type Person = BenchPerson;

// ---------------------------------------------------------------- the backend(s)

let backend: BenchBackend | undefined;

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

  async open(): Promise<void> {
    this.ws = await openBenchSocket(this.base, this.person.token, {
      what: 'the subscription',
      signedIn: (ws) => ws.send(JSON.stringify(SUBSCRIPTION)),
      closed: () => { this.closed = true; },
      heard: (frame, at, answer) => {
        if (frame.type === 'error') return answer.refused(JSON.stringify(frame));
        if (frame.type !== 'subscription') return;
        if (frame.event === 'init') return answer.ready();
        if (frame.event !== 'create') return;
        for (const row of (frame.data ?? []) as { text?: unknown }[]) {
          const seq = MARK.exec(String(row.text))?.[1];
          if (seq !== undefined && !this.received.has(Number(seq))) this.received.set(Number(seq), at);
        }
      },
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

// ---------------------------------------------------------------- the run

async function run(): Promise<void> {
  backend = await startBenchBackend({ label: 'chat', instances: INSTANCES, pg: PG, keep: values.keep });
  const { first, instances } = backend;
  const idle = instances.map((i) => rssMiB(i.child.pid));
  const people = await makeBenchPeople(first, SUBSCRIBERS, 'bench');
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
  console.log(`| delivery p50 | ${ms(quantile(delays, 0.5))} |`);
  console.log(`| delivery p95 | ${ms(quantile(delays, 0.95))} |`);
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
  console.log(`p95 by 10 s of sending: ${[...windows].sort(([a], [b]) => a - b).map(([w, xs]) => `${w * 10}s ${ms(quantile(xs, 0.95))}`).join(', ')}`);
  if (failures.length) console.log(`Refused sends:\n  ${failures.slice(0, 10).join('\n  ')}`);
}

try {
  await run();
} finally {
  await backend?.stop();
}
process.exit(0);
