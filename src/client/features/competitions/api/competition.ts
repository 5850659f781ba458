import { publicApiPaths } from '../../../../shared/api-paths.ts';
import type { CompetitionWithDetails } from '../../../../shared/schemas/competition.ts';
import type { PublicJudging } from '../../../../shared/schemas/jury.ts';
import { useApiResource } from '../../../lib/api-cache.ts';

/** A public competition, with its details; a 404 when there is none (the server inlines it). */
export const useCompetition = (id: string) =>
  useApiResource<CompetitionWithDetails>(publicApiPaths.competition(id));

/** How the competition is judged, when it says. */
export const usePublicJudging = (competitionId: string) =>
  useApiResource<PublicJudging>(publicApiPaths.judging(competitionId));
