/** Line icons of the chat's input, drawn like the frame's (layout/icons.tsx) and loaded only with the chat. */
import { Icon } from '../../ui/icons.tsx';

export const SendIcon = () => <Icon size={20}><path d="M21 3 10 14" /><path d="m21 3-7 18-4-7-7-4 18-7z" /></Icon>;
export const CheckIcon = () => <Icon size={20}><path d="m5 12 5 5 9-10" /></Icon>;
export const SmileIcon = () => <Icon><circle cx="12" cy="12" r="9" /><path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" /><path d="M9 9.5h.01M15 9.5h.01" /></Icon>;
