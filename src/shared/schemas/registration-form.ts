import { z } from 'zod';
import { PublicCompetitionSchema } from './competition.ts';
import { FormFieldSchema } from './form-field.ts';

/**
 * The answer of `GET /api/competitions/:id/registration-form`: the competition as its own page
 * gives it, and the enabled fields of its category's form, in the category's order. Full zod (the
 * route's reply schema); the browser imports only the type, so its page stays on zod/mini.
 */
export const RegistrationFormSchema = z.object({
  competition: PublicCompetitionSchema,
  formFields: z.array(FormFieldSchema),
});
export type RegistrationForm = z.infer<typeof RegistrationFormSchema>;
