import {
  EMAIL_TEMPLATES_PATH,
  type EmailTemplateKind,
} from '../../../../shared/schemas/email-template.ts';

/* The server routes the E-mail Templates screen calls (with the signed-in admin's adminFetch). */

/** PUT `{ subject, body }`: saves the wording; DELETE: back to the default. */
export const templatePath = (kind: EmailTemplateKind) =>
  `${EMAIL_TEMPLATES_PATH}/${encodeURIComponent(kind)}`;

/** POST `{ subject, body }`: the wording filled with a sample entry, nothing saved. */
export const previewPath = (kind: EmailTemplateKind) => `${templatePath(kind)}/preview`;
