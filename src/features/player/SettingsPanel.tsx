/**
 * The player's settings: what to do with each kind of segment, the next episode by itself, and, for
 * a signed-in person, marks that follow the watching. A change applies at once through the
 * settings store, which keeps it in the browser and, for a signed-in person, in the account.
 */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { SKIP_CHOICE_NAMES, SKIP_CHOICES } from '../../../shared/player-settings.ts';
import { SEGMENT_KINDS, SEGMENT_NAMES } from '../../../shared/segments.ts';
import Modal from '../../ui/Modal.tsx';
import { $playerSettings, $settingsInAccount, changePlayerSettings, chooseSkip } from './settings-store.ts';

export default function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useStore($playerSettings);
  const inAccount = useStore($settingsInAccount);
  const id = useId();
  return (
    <Modal open={open} onClose={onClose} title="Настройки плеера" className="player-settings">
      <fieldset className="player-settings__group">
        <legend className="player-settings__legend">Пропуск</legend>
        {SEGMENT_KINDS.map((kind) => (
          <fieldset key={kind} className="player-settings__kind">
            <legend className="player-settings__kind-name">{SEGMENT_NAMES[kind]}</legend>
            <div className="player-settings__choices">
              {SKIP_CHOICES.map((choice) => (
                <label key={choice} className="player-settings__choice">
                  <input type="radio" name={`${id}-${kind}`} value={choice} checked={settings.skip[kind] === choice}
                    onChange={() => chooseSkip(kind, choice)} />
                  <span>{SKIP_CHOICE_NAMES[choice]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </fieldset>
      <fieldset className="player-settings__group">
        <legend className="player-settings__legend">Просмотр</legend>
        <label className="player-settings__check">
          <input type="checkbox" checked={settings.autoplay} onChange={(e) => changePlayerSettings({ autoplay: e.target.checked })} />
          Следующая серия автоматически
        </label>
        {inAccount && (
          <label className="player-settings__check">
            <input type="checkbox" checked={settings.marksFollow} onChange={(e) => changePlayerSettings({ marksFollow: e.target.checked })} />
            Отмечать «Смотрю» и «Смотрел» по просмотру
          </label>
        )}
      </fieldset>
    </Modal>
  );
}
