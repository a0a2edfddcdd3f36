/**
 * The length line under a text field: the counter once the text nears its cap, and past it why it
 * cannot be sent (the form keeps its button off meanwhile).
 */
import { textLimit } from './text-limit.ts';
import './text-limit.css';

export default function TextLimit({ text, max }: { text: string; max: number }) {
  const { count, over } = textLimit(text, max);
  if (!count) return null;
  return (
    <p className={over ? 'text-limit text-limit--over' : 'text-limit'}>
      {over && <span className="text-limit__problem" role="alert">{over}</span>}
      <span className="text-limit__count">{count}</span>
    </p>
  );
}
