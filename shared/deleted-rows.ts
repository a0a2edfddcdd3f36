/**
 * A review or reply deleted outright, as the live feed tells it (directus site-rules,
 * review-deletions.ts) and the title page takes it (src/features/reviews/live.ts): its id, its title
 * (null for a post's comment) and whether its author had deleted it already, as a visitor read it just
 * before it went. Only rows a visitor could read are ever told.
 */
export interface DeletedRow {
  id: number;
  title: number | null;
  deleted: boolean;
}
