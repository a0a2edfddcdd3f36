/** The heart of favourites (titles and actors); filled by CSS when set. */
import { Icon } from './icons.tsx';

export default function HeartIcon() {
  return <Icon size={22}><path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.2 0 3.8 1.3 5.3 3.1 1.5-1.8 3.1-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" /></Icon>;
}
