/**
 * The keys of a row of tabs (WAI-ARIA's tabs pattern): ←/→ go to the tab before or after, round the
 * ends, Home and End to the first and the last. The title page's tabs use it. The login screen's two
 * tabs keep their own few lines: a module shared with an island's code becomes a chunk of its own, and
 * the title page's tab script, inlined into the page now, would load as two files and weigh more.
 */
export function tabAfterKey(key: string, at: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft': return (at + count - 1) % count;
    case 'ArrowRight': return (at + 1) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}
