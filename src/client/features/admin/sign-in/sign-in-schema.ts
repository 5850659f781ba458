/*
 * The shared sign-in schema, for the sign-in form's dynamic import: through this module, that
 * import is a small chunk of its own that takes zod from the chunk the admin area loads too
 * (imported straight from shared/, the schemas' chunk would need the bundler's runtime helpers
 * split out of the first download into a request of their own).
 */
export { SignInSchema } from '../../../../shared/schemas/auth.ts';
