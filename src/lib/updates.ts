/** An episode update as the updates screen lists it: date, title link and what was added. */

export interface UpdateView { id: number; date: string; titleName: string; href: string | null; description: string }

export function updateView(u: { id: number; date_created?: string | null; description: string; title?: unknown }, timeZone?: string): UpdateView {
  const title = typeof u.title === 'object' && u.title ? (u.title as { name: string; slug: string }) : null;
  const date = u.date_created
    ? new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(new Date(u.date_created))
    : '';
  return { id: u.id, date, titleName: title?.name ?? '', href: title ? `/${title.slug}` : null, description: u.description };
}
