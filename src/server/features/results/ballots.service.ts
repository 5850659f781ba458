import type { Ballot, BallotInput, RoundRanking } from '../../../shared/schemas/results.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findRoundEntries,
  listRounds,
  requireOpenRound,
  requireRound,
  ROUND_CLOSED,
  ROUND_NOT_FOUND,
  roundStandings,
} from '../jury/jury.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import {
  findBallot,
  findBallots,
  findJudgedWorks,
  findJurorAliases,
  findJurorRound,
  upsertBallot,
} from './ballots.repository.ts';
import { ballotProblem, SCHULZE_NOTE, schulze, TIE_BREAK_NOTE } from './schulze.ts';

/*
 * Ranking rounds: a juror orders the works of the round on one ballot (by alias, so still blind);
 * the admin sees the ballots combined by the Schulze method, with the table behind it and why each
 * tie broke as it did (the previous round's normalised mean, then the earlier entry).
 */

export const ROUND_NOT_RANKED =
  'This round is scored, not ranked: score each work on its page; there is no ballot.';
export const ROUND_NOT_RANKING = 'This round is scored: it has no ranking ballots.';

/** The signed-in juror (what requireJuror gives). */
type Juror = { adminUserId: string; username: string };

/** A ranking round the juror sits on; any other round does not exist for them (404). */
async function requireJurorRankingRound(deps: Pick<Deps, 'db'>, juror: Juror, roundId: string) {
  const round = await findJurorRound(deps.db, roundId, juror.adminUserId);
  if (!round) throw notFound(ROUND_NOT_FOUND);
  if (round.kind !== 'ranking') throw new AppError(409, 'ROUND_NOT_RANKED', ROUND_NOT_RANKED);
  return round;
}

function parseRanking(json: string | undefined): string[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export async function getBallot(
  deps: Pick<Deps, 'db'>,
  juror: Juror,
  roundId: string,
): Promise<Ballot> {
  const round = await requireJurorRankingRound(deps, juror, roundId);
  const [aliases, saved] = await Promise.all([
    findJurorAliases(deps.db, roundId, juror.adminUserId),
    findBallot(deps.db, roundId, juror.adminUserId),
  ]);
  // A work taken from the juror since (a conflict) leaves their saved ranking too.
  const mine = new Set(aliases);
  const ranking = parseRanking(saved?.ranking).filter((alias) => mine.has(alias));
  return { aliases, ranking, roundOpen: round.status === 'open' };
}

/** Saves the juror's whole ballot; saving the same ballot again changes nothing. */
export async function saveBallot(
  deps: Pick<Deps, 'db' | 'clock'>,
  juror: Juror,
  roundId: string,
  input: BallotInput,
): Promise<Ballot> {
  const round = await requireJurorRankingRound(deps, juror, roundId);
  if (round.status !== 'open') throw new AppError(409, 'ROUND_CLOSED', ROUND_CLOSED);
  const aliases = await findJurorAliases(deps.db, roundId, juror.adminUserId);
  const problem = ballotProblem(input.ranking, aliases);
  if (problem) throw invalidField('ranking', problem);
  await deps.db.transaction().execute(async (trx) => {
    // Closed meanwhile (the admin's close and this save at once): the close wins.
    await requireOpenRound(trx, roundId);
    await upsertBallot(trx, {
      round_id: roundId,
      juror_id: juror.adminUserId,
      ranking: JSON.stringify(input.ranking),
      updated_at: deps.clock.now().toISOString(),
    });
    await recordAudit(
      trx,
      {
        adminUserId: juror.adminUserId,
        actor: juror.username,
        action: 'jury.ballot-save',
        entityType: 'jury_round',
        entityId: roundId,
        details: { ranked: input.ranking.length },
      },
      deps.clock.now(),
    );
  });
  return getBallot(deps, juror, roundId);
}

/** The previous round's normalised mean of each entry (none: the entry was not scored there). */
async function previousMeans(deps: Pick<Deps, 'db'>, competitionId: string, number: number) {
  const previous = (await listRounds(deps.db, competitionId)).find((r) => r.number === number - 1);
  if (!previous) return new Map<string, number>();
  const standings = await roundStandings(deps.db, competitionId, previous.id);
  return new Map(standings.map((s) => [s.entryId, s.normalisedMean]));
}

/** The admin's view of a ranking round: the Schulze count of the ballots saved so far. */
export async function getRoundRanking(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
  roundId: string,
): Promise<RoundRanking> {
  const round = await requireRound(deps.db, competitionId, roundId);
  if (round.kind !== 'ranking') throw new AppError(400, 'ROUND_NOT_RANKING', ROUND_NOT_RANKING);
  const [rows, saved, means, assigned] = await Promise.all([
    findRoundEntries(deps.db, roundId),
    findBallots(deps.db, roundId),
    previousMeans(deps, competitionId, round.number),
    findJudgedWorks(deps.db, roundId),
  ]);
  // The candidates are works: the tables and ties are keyed by work id.
  const byAlias = new Map(rows.map((r) => [r.alias, r.work_id]));
  const candidates = rows.map((r) => r.work_id);
  const judgedBy = new Map<string, Set<string>>();
  for (const a of assigned) {
    judgedBy.set(a.juror_id, (judgedBy.get(a.juror_id) ?? new Set()).add(a.work_id));
  }
  // A ballot speaks only of the works its juror may judge: one taken by a conflict (or a deleted
  // entry) is dropped from it, and the count skips every pair with a work the juror never had.
  const ballots = saved.map((b) => {
    const judged = judgedBy.get(b.juror_id) ?? new Set<string>();
    return {
      jurorId: b.juror_id,
      ranking: parseRanking(b.ranking).flatMap((alias) => {
        const id = byAlias.get(alias);
        return id !== undefined && judged.has(id) ? [id] : [];
      }),
      judged: [...judged],
    };
  });
  const tieBreaks = rows.map((r) => ({
    entryId: r.work_id,
    previousNormalisedMean: means.get(r.work_id) ?? null,
    enteredAt: r.created_at,
  }));
  const result = schulze(candidates, ballots, tieBreaks);
  const rowOf = new Map(rows.map((r) => [r.work_id, r]));
  const tieBreakOf = new Map(tieBreaks.map((t) => [t.entryId, t]));
  return {
    note: SCHULZE_NOTE,
    tieBreakNote: TIE_BREAK_NOTE,
    ballots: ballots.length,
    candidates: rows.map((r) => ({
      submissionId: r.submission_id,
      workId: r.work_id,
      reference: r.reference,
      alias: r.alias,
      title: artworkTitleOf(r, deps.log),
    })),
    pairwise: result.pairwise,
    strongest: result.strongest,
    ranking: result.ranking.map((r) => ({
      submissionId: rowOf.get(r.entryId)?.submission_id ?? '',
      workId: r.entryId,
      reference: rowOf.get(r.entryId)?.reference ?? '',
      alias: rowOf.get(r.entryId)?.alias ?? '',
      place: r.place,
      wins: r.wins,
      tieBrokenBy: r.tieBrokenBy,
      tiedWith: r.tiedWith,
      previousNormalisedMean: tieBreakOf.get(r.entryId)?.previousNormalisedMean ?? null,
      enteredAt: tieBreakOf.get(r.entryId)?.enteredAt ?? '',
    })),
  };
}
