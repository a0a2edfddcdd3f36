/** Puts `addition` where the field's caret stands (in place of a selection), then the caret after it: an emoji picked for a message. */
export function insertAtCaret(
  field: HTMLInputElement | HTMLTextAreaElement | null,
  text: string,
  addition: string,
  setText: (next: string) => void,
): void {
  const at = field?.selectionStart ?? text.length;
  const end = field?.selectionEnd ?? at;
  setText(text.slice(0, at) + addition + text.slice(end));
  requestAnimationFrame(() => {
    field?.focus();
    field?.setSelectionRange(at + addition.length, at + addition.length);
  });
}
