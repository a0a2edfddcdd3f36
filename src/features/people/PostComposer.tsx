/**
 * The post box on one's own profile: text and several pictures, previewed and removable before
 * publishing. Pictures are checked here as the backend checks them (images only, size), blank
 * text or text over the length cap (TextLimit says so) is not sent, and the new post appears at the top once the backend has it.
 */
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { TEXT_LIMITS } from '../../../shared/rules.ts';
import { PICTURE_TYPES, attachPictures } from '../../lib/picture-check.ts';
import { Icon } from '../../ui/icons.tsx';
import TextLimit from '../../ui/TextLimit.tsx';
import { overLimit } from '../../ui/text-limit.ts';
import type { Task } from '../../ui/task.ts';
import { useTask } from '../../ui/use-task.ts';

export default function PostComposer({ publishing }: { publishing: Task<[text: string, files: File[]]> }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const publish = useTask(publishing, [text]);
  const busy = publish.pending;
  // Pictures refused here speak in the same place as a refused post.
  const [pictureProblem, setPictureProblem] = useFormProblem({ text });
  const error = pictureProblem ?? publish.error;
  const picker = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.post);

  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  function attach(list: FileList | null) {
    const next = attachPictures(files, [...(list ?? [])], 'в одной записи');
    setFiles(next.files);
    publish.dismiss();
    setPictureProblem(next.problem);
    if (picker.current) picker.current.value = '';
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (unsendable) return;
    setPictureProblem(null);
    if (await publish.run(text, files)) {
      setText('');
      setFiles([]);
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
