import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EMAIL_TEMPLATES_PATH,
  EmailPreviewSchema,
  type EmailTemplateInput,
  type EmailTemplateKind,
  EmailTemplateSchema,
} from '../../../../../shared/schemas/email-template.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The E-mail Templates screen's calls. */

const templatePath = (kind: EmailTemplateKind) =>
  `${EMAIL_TEMPLATES_PATH}/${encodeURIComponent(kind)}`;

/** Every template, each with its wording and whether it was edited. */
export const emailTemplatesQuery = queryOptions({
  queryKey: ['admin', 'email-templates'],
  queryFn: () => apiFetch(EMAIL_TEMPLATES_PATH, {}, z.array(EmailTemplateSchema)),
});

type Wording = { kind: EmailTemplateKind; values: EmailTemplateInput };

/** Saves a template's wording; answers it as saved. */
export const saveTemplate = ({ kind, values }: Wording) =>
  apiFetch(templatePath(kind), send('PUT', values), EmailTemplateSchema);

/** The wording filled with a sample entry, nothing saved. */
export const previewTemplate = ({ kind, values }: Wording) =>
  apiFetch(`${templatePath(kind)}/preview`, send('POST', values), EmailPreviewSchema);

/** Back to the default wording; answers the template as it now is. */
export const resetTemplate = (kind: EmailTemplateKind) =>
  apiFetch(templatePath(kind), send('DELETE'), EmailTemplateSchema);
