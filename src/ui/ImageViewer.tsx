/**
 * The full-screen picture viewer: opens on one picture of a set, and steps to
 * the previous and next with wrap-around, by buttons or the arrow keys. Loaded on demand by the
 * screens that show pictures.
 */
import { useEffect } from 'react';
import { Icon } from './icons.tsx';
import Modal from './Modal.tsx';
import './image-viewer.css';

export interface ViewerImage {
  src: string;
  alt: string;
}

interface Props {
  images: ViewerImage[];
  /** The picture shown, or null when the viewer is closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
}

const wrap = (i: number, n: number) => (i + n) % n;

export default function ImageViewer({ images, index, onIndex }: Props) {
  const n = images.length;
  const at = index === null || n === 0 ? null : wrap(index, n);
  const image = at === null ? null : images[at];
  const step = (by: number) => at !== null && onIndex(wrap(at + by, n));

  // The arrow keys step wherever the focus is in the viewer (at first it is on the close button).
  useEffect(() => {
    if (at === null || n < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndex(wrap(at - 1, n));
      else if (e.key === 'ArrowRight') onIndex(wrap(at + 1, n));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [at, n, onIndex]);

  return (
    <Modal open={image !== null} onClose={() => onIndex(null)} title={at === null ? 'Фото' : `Фото ${at + 1} из ${n}`} kind="full" className="image-viewer">
      {image && (
        <div className="image-viewer__stage">
          <img className="image-viewer__img" src={image.src} alt={image.alt} />
          {n > 1 && (
            <>
              <button type="button" className="image-viewer__nav image-viewer__nav--prev" aria-label="Предыдущее фото" onClick={() => step(-1)}>
                <Icon><path d="m15 18-6-6 6-6" /></Icon>
              </button>
              <button type="button" className="image-viewer__nav image-viewer__nav--next" aria-label="Следующее фото" onClick={() => step(1)}>
                <Icon><path d="m9 18 6-6-6-6" /></Icon>
              </button>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
