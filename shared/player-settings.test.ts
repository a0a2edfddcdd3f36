import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_SETTINGS, playerSettingsProblem, readPlayerSettings } from './player-settings.ts';

describe('player settings', () => {
  it('keep each good stored value and default the rest', () => {
    const read = readPlayerSettings({ skip: { opening: 'skip', ending: 'loud' }, speed: 1.5, volume: 7, autoplay: false, extra: 1 });
    expect(read).toEqual({ ...DEFAULT_PLAYER_SETTINGS, skip: { ...DEFAULT_PLAYER_SETTINGS.skip, opening: 'skip' }, speed: 1.5, autoplay: false });
    expect(readPlayerSettings('nonsense')).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(readPlayerSettings([1, 2])).toEqual(DEFAULT_PLAYER_SETTINGS);
  });
  it('are refused by the backend when a key is unknown or a value of the wrong kind', () => {
    expect(playerSettingsProblem(DEFAULT_PLAYER_SETTINGS)).toBeNull();
    expect(playerSettingsProblem({ speed: 2 })).toBeNull();
    expect(playerSettingsProblem(null)).toBeNull();
    expect(playerSettingsProblem('x')).toBe('Настройки плеера должны быть объектом');
    expect(playerSettingsProblem([])).toBe('Настройки плеера должны быть объектом');
    expect(playerSettingsProblem({ admin: true })).toBe('Неизвестная настройка плеера: admin');
    expect(playerSettingsProblem({ skip: { intro: 'ask' } })).toBe('Неизвестный вид отрезка: intro');
    expect(playerSettingsProblem({ skip: { opening: 1 } })).toBe('Пропуск бывает: off, ask или skip');
    expect(playerSettingsProblem({ autoplay: 'yes' })).toBe('Настройка autoplay должна быть true или false');
    expect(playerSettingsProblem({ speed: 3 })).toMatch(/^Скорость бывает/);
    expect(playerSettingsProblem({ volume: -0.1 })).toBe('Громкость — число от 0 до 1');
  });
});
