import type { CompetitionWithDetails } from '../../../shared/schemas/competition.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { describeImages } from '../media/media.service.ts';
import { competitionDetailsOf } from './competition-details.ts';
import { findCompetitionWithNamesById } from './competitions.repository.ts';
import { findListingFacts, toPublicCompetition } from './competitions.service.ts';

/**
 * A competition exactly as its public page shows it, drafts included, for the admin's preview.
 * Built fresh on each request and served only under /api/admin: the public answer, which is
 * cached and never depends on who asks, keeps leaving drafts out.
 */
export async function previewCompetition(
  deps: Pick<Deps, 'db' | 'clock' | 'settings' | 'log'>,
  id: string,
): Promise<CompetitionWithDetails> {
  if (!isRecordId(id)) throw notFound(COMPETITION_NOT_FOUND);
  const row = await findCompetitionWithNamesById(deps.db, id);
  if (!row) throw notFound(COMPETITION_NOT_FOUND);
  const [{ timeZone }, images, facts] = await Promise.all([
    deps.settings.getSettings(),
    describeImages(deps.db, [row.image_url, row.prize_image_url]),
    findListingFacts(deps.db),
  ]);
  return {
    ...toPublicCompetition(row, images, facts, timeZone, deps.clock.now()),
    resultsPublished: facts.published.has(row.id),
    details: competitionDetailsOf(row, deps.log),
  };
}
