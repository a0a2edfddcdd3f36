/**
 * The frame's overlays (search, contact form, mobile menu), mounted on the first opening
 * (components/layout/overlays-on-demand.ts): a visitor who opens none downloads neither them nor React.
 */
import { createRoot } from 'react-dom/client';
import FrameOverlays, { type FrameOverlaysProps } from './FrameOverlays.tsx';
import { FRAME_OVERLAYS_ROOT } from './frame-roots.ts';

const root = document.getElementById(FRAME_OVERLAYS_ROOT);
if (root) createRoot(root).render(<FrameOverlays {...(JSON.parse(root.dataset.props ?? '{}') as FrameOverlaysProps)} />);
