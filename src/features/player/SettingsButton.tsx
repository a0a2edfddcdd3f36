/**
 * «Настройки» in the player's tools: the settings panel's code loads on the first opening, not with
 * the player, and the panel stays made afterwards (Modal keeps what it made).
 */
import { lazy, useState } from 'react';
import LazyPart from '../../ui/LazyPart.tsx';

const SettingsPanel = lazy(() => import('./SettingsPanel.tsx'));

export default function SettingsButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button type="button" className="player__tool" aria-haspopup="dialog" onClick={() => { setWanted(true); setOpen(true); }}>Настройки</button>
      {wanted && <LazyPart fallback={null}><SettingsPanel open={open} onClose={() => setOpen(false)} /></LazyPart>}
    </>
  );
}
