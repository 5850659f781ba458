import { adminApiPaths, publicApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { PublicCategorySchema } from '../../../../../shared/schemas/category.ts';
import {
  type AdminCompetition,
  AdminCompetitionSchema,
  CompetitionDeletedSchema,
  type CompetitionInput,
  CompetitionWithDetailsSchema,
} from '../../../../../shared/schemas/competition.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The competition screen's calls; the review's competition filter reads the same list. */

const COMPETITIONS_PATH = adminApiPaths.competitions;

/** One competition: PUT saves changes to it, DELETE deletes it (its submissions are kept). */
const competitionPath = (competition: AdminCompetition) =>
  `${COMPETITIONS_PATH}/${encodeURIComponent(competition.id)}`;

/** Every competition, newest first. */
export const competitionsQuery = queryOptions({
  queryKey: ['admin', 'competitions'],
  queryFn: () => apiFetch(COMPETITIONS_PATH, {}, z.array(AdminCompetitionSchema)),
});

/** The categories the form offers: the public list, read again each time the form opens. */
export const categoryChoicesQuery = queryOptions({
  queryKey: ['admin', 'category-choices'],
  queryFn: () => apiFetch(publicApiPaths.categories, {}, z.array(PublicCategorySchema)),
});

/** Adds a competition (`competition` null) or saves changes to one; answers it as saved. */
export const saveCompetition = ({
  competition,
  values,
}: {
  competition: AdminCompetition | null;
  values: CompetitionInput;
}) =>
  apiFetch(
    competition ? competitionPath(competition) : COMPETITIONS_PATH,
    send(competition ? 'PUT' : 'POST', values),
    AdminCompetitionSchema,
  );

/** Deletes a competition; answers how many of its submissions were kept. */
export const deleteCompetition = (competition: AdminCompetition) =>
  apiFetch(competitionPath(competition), send('DELETE'), CompetitionDeletedSchema);

/** A competition's public page as it will be shown, a draft included: the admin's preview. */
export const competitionPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'competitions', id, 'preview'],
    queryFn: () =>
      apiFetch(
        `${COMPETITIONS_PATH}/${encodeURIComponent(id)}/preview`,
        {},
        CompetitionWithDetailsSchema,
      ),
  });
