// Moved; profile, public profile, people and chat still import it from here until they move too.
export * from '../../ui/use-form-problem.ts';
