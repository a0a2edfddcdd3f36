/**
 * The avatar of the edit screen: a picture is uploaded and set at once. Images only, up to the
 * upload limit; a GIF needs a premium plan (the notice links to the plans), and the backend
 * checks the stored bytes again, so its refusal is shown as it is and the upload is taken back.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { USER_IMAGE_TYPES, USER_UPLOAD_MAX_BYTES } from '../../../shared/rules.ts';
import { typeNames } from '../../../shared/file-type-names.ts';
import { personView } from '../../lib/people.ts';
import { useTask } from '../../ui/use-task.ts';
import { $isPremium, type Me } from '../account/index.ts';
import { Avatar } from '../people/index.ts';
import { avatarChange } from './store.ts';

/** The refusal of a GIF avatar without a plan, as the backend words it. */
export const GIF_NEEDS_PLAN = 'Загружать gif аватары можно только с подпиской';

const MAX_MB = USER_UPLOAD_MAX_BYTES / 1024 / 1024;

/** What the picture chosen came to, besides the upload's own failure: refused here, or set. */
type Note = { kind: 'ok' | 'gif' } | { kind: 'error'; text: string } | null;

export default function AvatarUpload({ me }: { me: Me }) {
  const premium = useStore($isPremium);
  const [chosen, setNote] = useState<Note>(null);
  const upload = useTask(avatarChange);
  useEffect(() => upload.dismiss, [upload.dismiss]);
  const failed = upload.error === null ? null : upload.error === GIF_NEEDS_PLAN ? { kind: 'gif' as const } : { kind: 'error' as const, text: upload.error };
  const note = upload.pending ? { kind: 'busy' as const } : chosen ?? failed;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setNote(null);
    upload.dismiss();
    if (!(USER_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setNote({ kind: 'error', text: `Аватаром может быть только картинка: ${typeNames(USER_IMAGE_TYPES)}` });
      return;
    }
    if (file.size > USER_UPLOAD_MAX_BYTES) {
      setNote({ kind: 'error', text: `Картинка больше ${MAX_MB} МБ` });
      return;
    }
    if (file.type === 'image/gif' && !premium) {
      setNote({ kind: 'gif' });
      return;
    }
    if (await upload.run(file)) setNote({ kind: 'ok' });
  };

  return (
    <section className="avatar-upload" aria-labelledby="avatar-heading">
      <h2 id="avatar-heading" className="visually-hidden">Аватар</h2>
      <Avatar person={personView(me)} size={96} />
      <div className="avatar-upload__controls">
        <label className="btn btn--ghost avatar-upload__button">
          <input className="visually-hidden" type="file" accept={USER_IMAGE_TYPES.join(',')} disabled={note?.kind === 'busy'}
            onChange={(e) => void choose(e)} />
          {note?.kind === 'busy' ? 'Загружаем…' : 'Загрузить аватар'}
        </label>
        <p className="avatar-upload__hint">JPEG, PNG или WebP до {MAX_MB} МБ{premium ? ', а с вашей подпиской и GIF' : '; GIF — с подпиской'}</p>
        {note?.kind === 'ok' && <p className="form-ok" role="status">Аватар обновлён</p>}
        {note?.kind === 'error' && <p className="form-error" role="alert">{note.text}</p>}
        {note?.kind === 'gif' && (
          <p className="form-error" role="alert">{GIF_NEEDS_PLAN}. <a href="/profile/tariff">Купить подписку</a></p>
        )}
      </div>
    </section>
  );
}
