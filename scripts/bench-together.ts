/**
 * `npm run bench:together`: watching together at scale. Starts its own backend on a fresh database,
 * makes rooms of a title's episode with members (static tokens), binds every member's socket to their
 * room (spread over the instances), then has members send commands at a steady rate (a pause at a
 * position no other command names) and measures, for every command and every other member of its
 * room, the time from sending it to receiving the room's view that carries it. Prints p50 / p95 / max
 * of those times, the deliveries lost and the CPU time the Directus processes spent. A benchmark,
 * not a test.
 *
 *   one instance on SQLite:               node scripts/bench-together.ts --instances 1
 *   two instances on PostgreSQL + Redis:  node scripts/bench-together.ts --instances 2
 *   options: --rooms 200 --members 5 --rate 20 --seconds 30 [--keep]
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { RoomView } from '../shared/together.ts';
import { cpuSeconds, inBatches, quantile } from './lib/bench-figures.ts';
import { openBenchSocket } from './lib/bench-socket.ts';
import { makeBenchPeople, startBenchBackend, type BenchBackend, type BenchPerson } from './lib/bench-backend.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '1' },
    rooms: { type: 'string', default: '200' },
    members: { type: 'string', default: '5' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
  },
});
const INSTANCES = Number(values.instances);
const ROOMS = Number(values.rooms);
const MEMBERS = Number(values.members);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const PG = INSTANCES > 1;
/** How long after the last command a missing delivery counts as lost. */
const DRAIN_MS = 30_000;

type Person = BenchPerson;

// ---------------------------------------------------------------- the backend(s)

let backend: BenchBackend | undefined;

async function post(base: string, token: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json.errors)}`);
  return json.data;
}

// ---------------------------------------------------------------- members

class Member {
  ws!: WebSocket;
  /** Receive time of each command's view, by the position it named. */
  received = new Map<number, number>();
  closed = false;
  readonly base: string;
  readonly person: Person;
  readonly code: string;

  constructor(base: string, person: Person, code: string) {
    this.base = base;
    this.person = person;
    this.code = code;
  }

  async open(): Promise<void> {
    this.ws = await openBenchSocket(this.base, this.person.token, {
      what: 'the join',
      signedIn: (ws) => ws.send(JSON.stringify({ type: 'together', room: this.code, uid: 'join', action: 'join' })),
      closed: () => { this.closed = true; },
      heard: (frame, at, answer) => {
        if (frame.type !== 'together') return;
        if (frame.event === 'error') {
          if (frame.uid === 'join') answer.refused(JSON.stringify(frame));
          else console.error(`refused: ${JSON.stringify(frame)}`);
          return;
        }
        if (frame.event !== 'room') return;
        if (frame.uid === 'join') answer.ready();
        const view = frame.room as RoomView;
        if (!this.received.has(view.moment.position)) this.received.set(view.moment.position, at);
      },
    });
  }

  pause(position: number): void {
    this.ws.send(JSON.stringify({ type: 'together', room: this.code, action: 'pause', position }));
  }

  close(): void {
    this.ws.terminate();
  }
}

// ---------------------------------------------------------------- the run

async function run(): Promise<void> {
  backend = await startBenchBackend({ label: 'together', instances: INSTANCES, pg: PG, keep: values.keep });
  const { first, instances } = backend;
  const title = (await first.api.post<{ id: number }>('/items/titles', { slug: `bench-${randomUUID().slice(0, 8)}`, name: 'Вместе', status: 'published', typeSource: 'Сезоны' })).id;
  const episode = (await first.api.post<{ id: number }>('/items/series', { title, name: '1 серия', sort: 1 })).id;
  const people = await makeBenchPeople(first, ROOMS * MEMBERS, 'room');
  console.log(`Making ${ROOMS} rooms of ${MEMBERS} …`);
  const rooms: Member[][] = [];
  await inBatches(Array.from({ length: ROOMS }, (_, r) => r), 20, async (r) => {
    const members = people.slice(r * MEMBERS, (r + 1) * MEMBERS);
    const { code } = await post(first.url, members[0]!.token, '/together/rooms', { title, episode });
    const room: Member[] = [];
    for (const [i, p] of members.entries()) {
      const base = instances[(r * MEMBERS + i) % INSTANCES]!.url;
      await post(base, p.token, `/together/rooms/${code}/join`);
      room.push(new Member(base, p, code));
    }
    rooms[r] = room;
  });
  const members = rooms.flat();
  console.log(`Binding ${members.length} sockets${INSTANCES > 1 ? `, spread over ${INSTANCES} instances` : ''} …`);
  const t0 = performance.now();
  await inBatches(members, 25, (m) => m.open());
  console.log(`  bound in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Let the views of everyone coming online settle.
  await new Promise((r) => setTimeout(r, 3000));

  const total = Math.round(RATE * SECONDS);
  const sent = new Map<number, { at: number; room: Member[]; sender: Member }>();
  console.log(`Sending ${total} commands at ${RATE}/s for ${SECONDS} s (load average ${os.loadavg()[0]!.toFixed(2)}) …`);
  const cpuBefore = instances.map((i) => cpuSeconds(i.child.pid));
  const start = performance.now();
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const room = rooms[seq % ROOMS]!;
    const sender = room[Math.floor(seq / ROOMS) % MEMBERS]!;
    // A position no other command names: each member's view of it is its delivery.
    const position = 1 + seq;
    sent.set(position, { at: performance.now(), room, sender });
    sender.pause(position);
  }
  const sendSeconds = (performance.now() - start) / 1000;
  const expected = total * (MEMBERS - 1);
  const delivered = () => {
    let n = 0;
    for (const [position, { room, sender }] of sent) for (const m of room) if (m !== sender && m.received.has(position)) n++;
    return n;
  };
  const drainEnd = performance.now() + DRAIN_MS;
  while (delivered() < expected && performance.now() < drainEnd) await new Promise((r) => setTimeout(r, 200));
  const elapsed = (performance.now() - start) / 1000;
  const cpu = instances.map((i, n) => cpuSeconds(i.child.pid) - cpuBefore[n]!);

  const delays: number[] = [];
  for (const [position, { at, room, sender }] of sent) {
    for (const m of room) {
      const got = m.received.get(position);
      if (m !== sender && got !== undefined) delays.push(got - at);
    }
  }
  delays.sort((a, b) => a - b);
  const dropped = members.filter((m) => m.closed).length;
  members.forEach((m) => m.close());

  const ms = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x)} ms`);
  console.log(`\nWatching together: ${INSTANCES} instance(s) on ${PG ? 'PostgreSQL + Redis' : 'SQLite'}, ${ROOMS} rooms × ${MEMBERS} members, ${total} commands in ${sendSeconds.toFixed(1)} s, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}, ${os.cpus().length} cores`);
  console.log('| figure | value |\n|---|---:|');
  console.log(`| deliveries (commands × other members) | ${delays.length} of ${expected} |`);
  console.log(`| fan-out p50 | ${ms(quantile(delays, 0.5))} |`);
  console.log(`| fan-out p95 | ${ms(quantile(delays, 0.95))} |`);
  console.log(`| fan-out max | ${ms(delays.at(-1))} |`);
  console.log(`| deliveries lost | ${expected - delays.length} |`);
  console.log(`| sockets dropped | ${dropped} |`);
  console.log(`| Directus CPU time over ${elapsed.toFixed(1)} s | ${cpu.map((c) => `${c.toFixed(1)} s`).join(' + ')} (${Math.round((100 * cpu.reduce((a, b) => a + b, 0)) / elapsed)} % of one core) |`);
  console.log(`| CPU per command | ${Math.round((1000 * cpu.reduce((a, b) => a + b, 0)) / total)} ms |`);
}

try {
  await run();
} finally {
  await backend?.stop();
}
process.exit(0);
