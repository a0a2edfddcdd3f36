import { describe, expect, it } from 'vitest';
import { lineText } from './room-lines.ts';

const anya = { id: 'a', name: 'Аня', gender: 'Женский' };
const maks = { id: 'm', name: 'Макс', gender: 'Мужской' };
const someone = { id: 's', name: 'sakura_fan', gender: null };

describe('the room\'s lines', () => {
  it('say what happened by the actor\'s gender', () => {
    expect(lineText({ kind: 'paused', actor: anya })).toBe('Аня поставила на паузу');
    expect(lineText({ kind: 'paused', actor: maks })).toBe('Макс поставил на паузу');
    expect(lineText({ kind: 'paused', actor: someone })).toBe('sakura_fan поставил(а) на паузу');
  });

  it('seeking names the time as the player shows it', () => {
    expect(lineText({ kind: 'seeked', actor: maks, position: 754.9 })).toBe('Макс перемотал на 12:34');
    expect(lineText({ kind: 'seeked', actor: anya, position: 3723 })).toBe('Аня перемотала на 1:02:03');
  });

  it('joining and leaving', () => {
    expect(lineText({ kind: 'joined', actor: { ...anya, name: 'Лена' } })).toBe('Лена присоединилась');
    expect(lineText({ kind: 'joined', actor: maks })).toBe('Макс присоединился');
    expect(lineText({ kind: 'joined', actor: someone })).toBe('sakura_fan присоединился(ась)');
    expect(lineText({ kind: 'left', actor: anya })).toBe('Аня вышла');
    expect(lineText({ kind: 'left', actor: maks })).toBe('Макс вышел');
    expect(lineText({ kind: 'left', actor: someone })).toBe('sakura_fan вышел(ла)');
  });

  it('playing, skipping and episodes', () => {
    expect(lineText({ kind: 'resumed', actor: anya })).toBe('Аня продолжила просмотр');
    expect(lineText({ kind: 'skipped', actor: anya, segment: 'opening' })).toBe('Аня пропустила заставку');
    expect(lineText({ kind: 'skipped', actor: anya, segment: 'ending' })).toBe('Аня пропустила титры');
    expect(lineText({ kind: 'skipped', actor: anya, segment: 'recap' })).toBe('Аня пропустила пересказ');
    expect(lineText({ kind: 'nextEpisode', actor: maks })).toBe('Макс включил следующую серию');
    expect(lineText({ kind: 'episode', actor: anya, name: '3 серия' })).toBe('Аня включила «3 серия»');
  });

  it('the leader\'s acts name the other person as they are written', () => {
    expect(lineText({ kind: 'lead', actor: anya, target: maks })).toBe('Аня передала управление пользователю Макс');
    expect(lineText({ kind: 'removed', actor: anya, target: someone })).toBe('Аня удалила из комнаты пользователя sakura_fan');
    expect(lineText({ kind: 'control', actor: anya, mode: 'all' })).toBe('Аня: управляют все');
    expect(lineText({ kind: 'control', actor: maks, mode: 'leader' })).toBe('Макс: управляет только ведущий');
    expect(lineText({ kind: 'dontWait', actor: anya, waited: [maks, someone] })).toBe('Аня не стала ждать: Макс, sakura_fan');
    expect(lineText({ kind: 'dontWait', actor: maks, waited: [] })).toBe('Макс не стал ждать');
  });
});
