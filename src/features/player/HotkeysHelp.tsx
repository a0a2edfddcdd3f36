/** «Горячие клавиши»: the player's keys, listed in a dialog opened from the player. */
import { useRef } from 'react';
import { HOTKEY_HELP } from './hotkeys.ts';

export default function HotkeysHelp() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="player__tool" onClick={() => dialog.current?.showModal()}>Горячие клавиши</button>
      <dialog ref={dialog} className="player__keys" aria-labelledby="player-keys-heading" onClick={(e) => { if (e.target === dialog.current) dialog.current?.close(); }}>
        <h2 id="player-keys-heading" className="player__keys-heading">Горячие клавиши</h2>
        <dl className="player__keys-list">
          {HOTKEY_HELP.map((k) => (
            <div key={k.keys} className="player__keys-row"><dt><kbd>{k.keys}</kbd></dt><dd>{k.does}</dd></div>
          ))}
        </dl>
        <button type="button" className="player__tool" onClick={() => dialog.current?.close()}>Закрыть</button>
      </dialog>
    </>
  );
}
