/**
 * The build's passes over what people did, at scale: GET /site/co-marks (what admirers
 * of a title also admire) and GET /site/ratings (every rated title's rating). A synthetic catalogue,
 * then people each with marks and ratings (popular titles more often), written straight into the
 * database; then one pass of each timed, with a one-row read sent every 50 ms meanwhile to show how
 * long other callers wait for it.
 *
 *   node scripts/bench-build-passes.ts [--titles 100000] [--people 20000] [--marks 50] [--pg] [--keep]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startSynthBackend } from './lib/synth-backend.ts';
import { knexForEnv } from './synth.ts';
import { seededRandom } from './lib/seeded-random.ts';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '100000' }, people: { type: 'string', default: '20000' },
    marks: { type: 'string', default: '50' }, pg: { type: 'boolean' }, keep: { type: 'boolean' },
  },
});
const [titles, people, marks] = [Number(values.titles), Number(values.people), Number(values.marks)];
const MARK_TYPES = ['Избранное', 'Смотрел', 'Смотрю', 'Не интересно', 'Буду смотреть'];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** `people` people with `marks` list marks and as many ratings each, in one transaction. */
async function writeMarks(env: Record<string, string>): Promise<void> {
  const db = knexForEnv(env);
  try {
    const ids: number[] = (await db('titles').where('status', 'published').orderBy('id').select('id')).map((r: { id: number }) => r.id);
    const random = seededRandom(17);
    // Cubed, so a few titles are admired by many and most by few, as on a real site.
    const pick = () => ids[Math.floor(ids.length * random() ** 3)]!;
    await db.transaction(async (trx) => {
      for (let first = 0; first < people; first += 500) {
        const users = Array.from({ length: Math.min(500, people - first) }, (_, i) => ({
          id: `00000000-0000-4000-8000-${String(first + i).padStart(12, '0')}`, email: `admirer-${first + i}@synth.test`, status: 'active',
        }));
        const favorites = new Map<string, object>();
        const ratings = new Map<string, object>();
        for (const { id } of users) {
          for (let j = 0; j < marks; j++) {
            const [title, type] = [pick(), MARK_TYPES[Math.floor(random() * MARK_TYPES.length)]];
            favorites.set(`${id} ${title} ${type}`, { user_created: id, title, type });
            const rated = pick();
            ratings.set(`${id} ${rated}`, { user_created: id, title: rated, rating: 1 + Math.floor(random() * 5) });
          }
        }
        await trx.batchInsert('directus_users', users, 500);
        await trx.batchInsert('favorites', [...favorites.values()], 500);
        await trx.batchInsert('ratings', [...ratings.values()], 500);
      }
    });
  } finally {
    await db.destroy();
  }
}

/** One pass, with one-row reads every 50 ms until it answers: how long the pass took, and how long they waited. */
/** An administrator's token: co-marks are the build's and staff's to read. */
async function adminToken(url: string, env: Record<string, string>): Promise<string> {
  const res = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function timedPass(url: string, pass: string, token: string) {
  let done = false;
  const waits: number[] = [];
  const probing = (async () => {
    while (!done) {
      const start = performance.now();
      await (await fetch(`${url}/items/categories?limit=1&fields=id`)).text();
      waits.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const start = performance.now();
  const res = await fetch(`${url}${pass}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  const passMs = performance.now() - start;
  done = true;
  await probing;
  if (!res.ok) throw new Error(`${pass} answered ${res.status}: ${body.slice(0, 200)}`);
  waits.sort((a, b) => a - b);
  return { passMs, titles: Object.keys(JSON.parse(body).data).length, bytes: body.length, waits };
}

console.log(`load before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const run = await startSynthBackend({ pg: values.pg, keep: values.keep, titles, actors: 1000, via: 'db' });
try {
  const writeStart = performance.now();
  await writeMarks(run.backend.env);
  console.log(`${people} people with ${marks} marks and ${marks} ratings each written in ${seconds(performance.now() - writeStart)}`);
  const token = await adminToken(run.backend.url, run.backend.env);
  for (const path of ['/site/co-marks', '/site/ratings', '/site/comment-counts']) {
    const pass = await timedPass(run.backend.url, path, token);
    const { waits } = pass;
    console.log(`${path}, one pass (${run.database}): ${seconds(pass.passMs)}, ${pass.titles} titles, ${(pass.bytes / 1e6).toFixed(1)} MB;`
      + ` one-row reads meanwhile: ${waits.length}, p50 ${waits[waits.length >> 1]?.toFixed(0)} ms, max ${waits.at(-1)?.toFixed(0)} ms`);
  }
} finally {
  await run.stop();
}
console.log(`load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
