/**
 * The favourite heart of an actor's page as other features see it: taking an actor off the
 * favourites (the profile's list). The heart itself is mounted by the account's signed-in code,
 * which loads mount-favorite-actor.tsx on demand.
 */
export { removeFavoriteActor } from './directus.ts';
