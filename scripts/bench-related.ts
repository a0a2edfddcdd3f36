/**
 * 'Вам может понравиться' at scale, in memory: a synthetic catalogue (scripts/lib/synth-likeness.ts),
 * every title's list computed in full (a full build's share), the index an edit needs built once
 * (`prepareRelated`, done by the build started ahead, before the edit comes), then edits one after
 * another through that one index, each timed: what an edit's build spends on related titles.
 *
 *   node scripts/bench-related.ts [--titles 100000] [--actors 300000] [--edits 20]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { prepareRelated, relatedLists, type LikenessRow } from '../src/lib/related.ts';
import { synthLikenessRows } from './lib/synth-likeness.ts';

const { values } = parseArgs({ options: { titles: { type: 'string', default: '100000' }, actors: { type: 'string', default: '300000' }, edits: { type: 'string', default: '20' } } });
const [titles, actors, edits] = [Number(values.titles), Number(values.actors), Number(values.edits)];

const timed = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(`load before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const [rows, makeMs] = timed(() => synthLikenessRows(titles, actors));
const [lists, fullMs] = timed(() => relatedLists(rows));
const [prepared, prepareMs] = timed(() => prepareRelated(rows, lists));
// Edits as an editor's saves reach one index: each gives a title another's genres, tags and cast.
const times: number[] = [];
let recomputed = 0;
for (let k = 0; k < edits; k++) {
  const at = rows[(k * 7919) % rows.length]!;
  const from = rows[(k * 7919 + 31) % rows.length]!;
  const edited: LikenessRow = { ...at, genres: from.genres, tags: from.tags, actors: from.actors };
  const before = { ...prepared.update([], []) };
  const [after, editMs] = timed(() => prepared.update([edited], [edited.id]));
  times.push(editMs);
  recomputed += Object.keys(after).filter((id) => after[Number(id)] !== before[Number(id)]).length;
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`${titles} titles, ${actors} people (made in ${ms(makeMs)})`);
console.log(`every list (a full build): ${ms(fullMs)}`);
console.log(`the index for edits, built once (ahead of them): ${ms(prepareMs)}`);
console.log(`an edit through the kept index, ${edits} in a row: p50 ${ms(sorted[Math.floor(sorted.length / 2)]!)}, max ${ms(sorted.at(-1)!)}; lists computed again per edit ${(recomputed / edits).toFixed(1)}`);
console.log(`load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
