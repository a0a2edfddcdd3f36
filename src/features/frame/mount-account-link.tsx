/**
 * Loaded only for signed-in people (from src/lib/account/signed-in.ts): the header's account icon
 * becomes live (Профиль, and the counters their code registers) in place of the visitor's static link.
 */
import { createRoot } from 'react-dom/client';
import AccountLink from './AccountLink.tsx';
import { ACCOUNT_LINK_ROOT } from './frame-roots.ts';

const root = document.getElementById(ACCOUNT_LINK_ROOT);
if (root) createRoot(root).render(<AccountLink />);
