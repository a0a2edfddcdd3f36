/**
 * The avatar of the edit screen: a picture is uploaded and set at once. Images only, up to the
 * upload limit; a GIF needs a premium plan (the notice links to the plans), and the backend
 * checks the stored bytes again, so its refusal is shown as it is and the upload is taken back.
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { useState, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { USER_IMAGE_TYPES, USER_UPLOAD_MAX_BYTES } from '../../../shared/rules.ts';
import { uploadPicture } from '../../lib/directus/account.ts';
import { deleteUpload } from '../../lib/directus/profile.ts';
import { personView } from '../../lib/people.ts';
import { $isPremium, saveProfile, type Me } from '../../stores/me.ts';
import Avatar from '../people/Avatar.tsx';

/** The refusal of a GIF avatar without a plan, as the backend words it. */
export const GIF_NEEDS_PLAN = 'Загружать gif аватары можно только с подпиской';

const MAX_MB = USER_UPLOAD_MAX_BYTES / 1024 / 1024;

type Note = { kind: 'busy' | 'ok' | 'gif' } | { kind: 'error'; text: string } | null;


export default function AvatarUpload({ me }: { me: Me }) {
  const premium = useStore($isPremium);
  const [note, setNote] = useState<Note>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(USER_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setNote({ kind: 'error', text: 'Аватаром может быть только картинка: JPEG, PNG, WebP или GIF' });
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
    setNote({ kind: 'busy' });
    let uploaded: string;
    try {
      uploaded = await uploadPicture(file);
    } catch (err) {
      console.error(err);
      setNote({ kind: 'error', text: reasonOf(err, 'Не удалось загрузить картинку, попробуйте ещё раз') });
      return;
    }
    try {
      await saveProfile({ avatar: uploaded });
      setNote({ kind: 'ok' });
    } catch (err) {
      console.error(err);
      deleteUpload(uploaded).catch((cleanup: unknown) => console.error(cleanup));
      const reason = reasonOf(err, 'Не удалось сменить аватар, попробуйте ещё раз');
      setNote(reason === GIF_NEEDS_PLAN ? { kind: 'gif' } : { kind: 'error', text: reason });
    }
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
