/** A password field with a show / hide toggle; the toggle never submits the form. */
import { useState, type ComponentProps } from 'react';

/** An input's props (its ref included), less the type it switches and the class it wears. */
type Props = Omit<ComponentProps<'input'>, 'type' | 'className'>;

const EyeIcon = ({ open }: { open: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"
    strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {!open && <path d="M4 4l16 16" />}
  </svg>
);

export default function PasswordInput(props: Props) {
  const [shown, setShown] = useState(false);
  return (
    <span className="password-input">
      <input {...props} className="input password-input__field" type={shown ? 'text' : 'password'} autoCapitalize="off" spellCheck={false} />
      <button type="button" className="password-input__toggle" onClick={() => setShown((s) => !s)}
        aria-label={shown ? 'Скрыть пароль' : 'Показать пароль'} title={shown ? 'Скрыть пароль' : 'Показать пароль'}
        aria-controls={props.id}>
        <EyeIcon open={!shown} />
      </button>
    </span>
  );
}
