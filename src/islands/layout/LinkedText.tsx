// Moved; profile, public profile, people and chat still import it from here until they move too.
export { default } from '../../ui/LinkedText.tsx';
