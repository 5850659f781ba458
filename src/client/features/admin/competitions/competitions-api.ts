import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';

/*
 * The server routes the competition screen calls (with the signed-in admin's adminFetch): the
 * list and the form both need them, so they live here rather than in either.
 */

/** Every competition, newest first (GET); POST adds one. */
export const COMPETITIONS_PATH = '/api/admin/competitions';

/** One competition: PUT saves changes to it, DELETE deletes it (its submissions are kept). */
export const competitionPath = (competition: AdminCompetition) =>
  `${COMPETITIONS_PATH}/${encodeURIComponent(competition.id)}`;

/** The categories the form offers: the public list, read again each time the form opens. */
export const CATEGORY_CHOICES_PATH = '/api/categories';
