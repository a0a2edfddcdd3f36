/**
 * The post box on one's own profile: text and several pictures, previewed and removable before
 * publishing. Pictures are checked here as the backend checks them (images only, size), blank
 * text or text over the length cap (TextLimit says so) is not sent, and the new post appears at the top once the backend has it.
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFormProblem } from '../layout/use-form-problem.ts';
import { TEXT_LIMITS } from '../../../shared/rules.ts';
import { POST_IMAGES_MAX } from '../../lib/constants.ts';
import { PICTURE_TYPES, pictureRefusal as refusal } from '../../lib/picture-check.ts';
import { Icon } from '../layout/icons.tsx';
import TextLimit from '../layout/TextLimit.tsx';
import { overLimit } from '../../lib/text-limit.ts';

export default function PostComposer({ publish }: { publish: (text: string, files: File[]) => Promise<void> }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useFormProblem({ text });
  const picker = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.post);

  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  function attach(list: FileList | null) {
    const picked = [...(list ?? [])];
    const refused = picked.map(refusal).find(Boolean) ?? null;
    const accepted = picked.filter((f) => !refusal(f));
    const room = POST_IMAGES_MAX - files.length;
    setFiles([...files, ...accepted.slice(0, Math.max(0, room))]);
    setError(refused ?? (accepted.length > room ? `Не больше ${POST_IMAGES_MAX} фото в одной записи` : null));
    if (picker.current) picker.current.value = '';
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (unsendable || busy) return;
    setBusy(true);
    setError(null);
    try {
      await publish(text, files);
      setText('');
      setFiles([]);
    } catch (err) {
      console.error(err);
      setError(reasonOf(err, 'Не удалось опубликовать запись'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="composer" onSubmit={submit} aria-busy={busy}>
      <label className="visually-hidden" htmlFor={fieldId}>Новая запись</label>
      <textarea
        id={fieldId}
        className="input composer__input"
        placeholder="Что нового? Поделитесь впечатлениями о просмотренном"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <TextLimit text={text} max={TEXT_LIMITS.post} />
      {files.length > 0 && (
        <ul className="composer__previews" aria-label="Фото к записи">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="composer__preview">
              <img src={previews[i]} alt={file.name} />
              <button type="button" className="composer__remove" aria-label={`Убрать ${file.name}`} disabled={busy}
                onClick={() => setFiles(files.filter((_, j) => j !== i))}>×</button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="profile-error" role="alert">{error}</p>}
      <div className="composer__bar">
        <label className={`btn btn--ghost composer__attach${busy ? ' composer__attach--busy' : ''}`} title="Добавить фото">
          <input ref={picker} className="visually-hidden" type="file" accept={PICTURE_TYPES} multiple disabled={busy}
            onChange={(e) => attach(e.currentTarget.files)} />
          <Icon size={20}><rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="9" cy="10" r="2" /><path d="m21 16-5-5-9 9" /></Icon>
          <span className="composer__attach-text">Добавить фото</span>
        </label>
        <button type="submit" className="btn" disabled={unsendable || busy}>{busy ? 'Публикуем…' : 'Опубликовать'}</button>
      </div>
    </form>
  );
}
