import { z } from 'zod';
import {
  EmailTemplateInputSchema,
  type EmailTemplateKind,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '../../../../shared/schemas/email-template.ts';

/**
 * The shared rules, and a placeholder this template does not know refused on its field before
 * anything is sent (the server refuses it too, with the same message).
 */
export function templateFormSchema(kind: EmailTemplateKind) {
  const knownOnly = (text: z.ZodString, field: 'subject' | 'body') =>
    text.superRefine((value, context) => {
      const unknown = unknownPlaceholders(kind, value, field);
      if (unknown.length > 0) {
        const message = unknownPlaceholderMessage(kind, unknown, field);
        context.addIssue({ code: 'custom', message });
      }
    });
  const { subject, body } = EmailTemplateInputSchema.shape;
  return z.strictObject({
    subject: knownOnly(subject, 'subject'),
    body: knownOnly(body, 'body'),
  });
}
export type TemplateFormSchema = ReturnType<typeof templateFormSchema>;
