/**
 * The keys of a row of tabs (WAI-ARIA's tabs pattern): ←/→ go to the tab before or after, round the
 * ends, Home and End to the first and the last. Shared by the title page's tabs and the login screen's.
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
