/** What a person wrote, with its http(s) addresses as links (src/lib/links.ts); the rest is text, escaped by React. */
import { USER_LINK, textParts } from '../lib/links.ts';

export default function LinkedText({ text }: { text: string }) {
  return <>{textParts(text).map((p, i) => (p.href ? <a key={i} href={p.href} {...USER_LINK}>{p.text}</a> : p.text))}</>;
}
