/**
 * The room's own lines in its chat, in Russian, by the actor's gender («Аня поставила на паузу»,
 * «Макс перемотал на 12:34»); a person who did not say theirs gets the «(а)» form. Names stay as
 * they are written (logins are not declined): the one named in a line about someone else follows
 * a word that takes the case for them.
 */
import { clockOf } from '../../../../shared/clock.ts';
import { GENDERS } from '../../../../shared/rules.ts';
import type { SegmentKind } from '../../../../shared/segments.ts';
import { CONTROL_WORDS } from '../../../../shared/together.ts';
import type { RoomLine } from './room-rules.ts';

type Forms = readonly [male: string, female: string, unknown: string];

/** A past-tense verb by gender: «поставил», «поставила», «поставил(а)». */
function verb(gender: string | null, [male, female, unknown]: Forms): string {
  if (gender === GENDERS[0]) return male;
  if (gender === GENDERS[1]) return female;
  return unknown;
}

const regular = (stem: string): Forms => [stem, `${stem}а`, `${stem}(а)`];

const VERBS = {
  joined: ['присоединился', 'присоединилась', 'присоединился(ась)'],
  left: ['вышел', 'вышла', 'вышел(ла)'],
  put: regular('поставил'),
  went: regular('продолжил'),
  rewound: regular('перемотал'),
  skipped: regular('пропустил'),
  switched: regular('включил'),
  passed: regular('передал'),
  removed: regular('удалил'),
  stopped: regular('не стал'),
} as const satisfies Record<string, Forms>;

/** What was skipped, as the verb takes it. */
const SKIPPED: Record<SegmentKind, string> = { opening: 'заставку', ending: 'титры', recap: 'пересказ', preview: 'превью' };

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function lineText(line: RoomLine): string {
  const { name, gender } = line.actor;
  const says = (forms: Forms, rest: string) => `${name} ${verb(gender, forms)}${rest ? ` ${rest}` : ''}`;
  switch (line.kind) {
    case 'joined': return says(VERBS.joined, '');
    case 'left': return says(VERBS.left, '');
    case 'paused': return says(VERBS.put, 'на паузу');
    case 'resumed': return says(VERBS.went, 'просмотр');
    case 'seeked': return says(VERBS.rewound, `на ${clockOf(line.position)}`);
    case 'skipped': return says(VERBS.skipped, SKIPPED[line.segment]);
    case 'nextEpisode': return says(VERBS.switched, 'следующую серию');
    case 'episode': return says(VERBS.switched, `«${line.name}»`);
    case 'lead': return says(VERBS.passed, `управление пользователю ${line.target.name}`);
    case 'removed': return says(VERBS.removed, `из комнаты пользователя ${line.target.name}`);
    case 'control': return `${name}: ${lowerFirst(CONTROL_WORDS[line.mode])}`;
    case 'dontWait': {
      const waited = line.waited.map((p) => p.name).join(', ');
      return says(VERBS.stopped, waited ? `ждать: ${waited}` : 'ждать');
    }
  }
}
