import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../../shared/domain/image-upload.ts';
import type { CompetitionDetails } from '../../../shared/schemas/competition.ts';
import { renderMarkdown } from '../../http/markdown.ts';
import { parseFormFields } from '../categories/categories.service.ts';
import type { CompetitionWithNamesRow } from './competitions.repository.ts';

/** The types the server takes, as artists name them (it checks the bytes, not the name). */
const PICTURE_TYPES = ['JPEG', 'PNG', 'WebP'];

/**
 * What a competition's own page adds: its rules and eligibility rendered from Markdown (raw
 * HTML shown as text, as on the site's text pages), its prize in words, and the pictures its
 * category's form asks for.
 */
export function competitionDetailsOf(
  row: CompetitionWithNamesRow,
  log: Pick<FastifyBaseLogger, 'warn'>,
): CompetitionDetails {
  const fields = parseFormFields(row.form_fields, { categoryId: row.category_id, log });
  return {
    rulesHtml: row.rules ? renderMarkdown(row.rules) : '',
    eligibilityHtml: row.eligibility ? renderMarkdown(row.eligibility) : '',
    prizeDescription: row.prize_description ?? '',
    pictures: {
      types: PICTURE_TYPES,
      maxMegabytes: IMAGE_MAX_BYTES / 1024 / 1024,
      artworks: fields
        .filter((field) => field.enabled && field.type === 'image')
        .map((field) => ({ label: field.label, required: field.required })),
    },
  };
}
