import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { voteApiPaths } from '../../src/shared/api-paths.ts';
import type { ManualClock } from '../../src/server/clock.ts';
import { makeCategoryRow, makeCompetitionRow, makeSubmissionRow } from '../factories/rows.ts';
import { codeInMail } from './mailed-code.ts';
import { fastifyOf, freshAddress, type Target } from './admin-session.ts';
import { OUR_CLIENT_HEADERS } from './test-app.ts';

/*
 * The people's-choice vote over HTTP, as the vote dialog does it: a competition with an opened
 * exhibition of approved entries' works, a code asked for and read from the outbox, confirmed,
 * and votes cast with the voter's cookie.
 */

const HOUR = 60 * 60 * 1000;

export interface VoteSetup {
  competitionId: string;
  exhibitionId: string;
  /** The works in the exhibition, each with its entry and its artist's address. */
  works: { workId: string; submissionId: string; email: string }[];
  /** A work of the competition that is not in the exhibition. */
  outsideWorkId: string;
}

/** A competition whose exhibition is open with voting from an hour ago to an hour ahead. */
export async function addVotingExhibition(
  target: Target,
  clock: ManualClock,
  options: { votesPerVisitor?: number; opensInMs?: number; closesInMs?: number } = {},
): Promise<VoteSetup> {
  const { db } = fastifyOf(target).deps;
  const now = clock.now().getTime();
  const stamp = new Date(now).toISOString();
  const category = makeCategoryRow();
  await db.insertInto('categories').values(category).execute();
  const competition = makeCompetitionRow(category.id, { title: 'Monsoon Colours' });
  await db.insertInto('competitions').values(competition).execute();
  const works: VoteSetup['works'] = [];
  for (const [i, name] of ['Asha Rao', 'Ravi Iyer', 'Meena Das', 'Outside'].entries()) {
    const email = `${name.split(' ')[0]?.toLowerCase()}@artists.example`;
    const entry = makeSubmissionRow({
      competition_id: competition.id,
      category_id: category.id,
      full_name: name,
      email,
      status: 'approved',
      payment_status: 'paid',
    });
    await db.insertInto('submissions').values(entry).execute();
    const workId = randomUUID();
    await db
      .insertInto('entry_works')
      .values({
        id: workId,
        submission_id: entry.id,
        position: 1,
        field_values: JSON.stringify({ artworkTitle: `Work ${i + 1}` }),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    works.push({ workId, submissionId: entry.id, email });
  }
  const exhibitionId = randomUUID();
  await db
    .insertInto('exhibitions')
    .values({
      id: exhibitionId,
      competition_id: competition.id,
      title: 'Monsoon Colours: the exhibition',
      opened_at: new Date(now - 2 * HOUR).toISOString(),
      ends_at: null,
      voting_opens_at: new Date(now + (options.opensInMs ?? -HOUR)).toISOString(),
      voting_closes_at: new Date(now + (options.closesInMs ?? HOUR)).toISOString(),
      votes_per_visitor: options.votesPerVisitor ?? 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const outside = works.pop();
  await db
    .insertInto('exhibition_works')
    .values(
      works.map((w, position) => ({
        exhibition_id: exhibitionId,
        work_id: w.workId,
        submission_id: w.submissionId,
        position,
        display_image: null,
        added_at: stamp,
      })),
    )
    .execute();
  return {
    competitionId: competition.id,
    exhibitionId,
    works,
    outsideWorkId: outside?.workId ?? '',
  };
}

export function postAsVisitor(
  target: Target,
  url: string,
  payload: Record<string, unknown>,
  options: { cookie?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return fastifyOf(target).inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    payload,
    remoteAddress: options.ip ?? freshAddress(),
    ...(options.cookie ? { cookies: { ws_voter: options.cookie } } : {}),
  });
}

export const requestVoteCode = (
  target: Target,
  competitionId: string,
  email: string,
  ip?: string,
) => postAsVisitor(target, voteApiPaths.codes, { competitionId, email }, { ...(ip ? { ip } : {}) });

/** The code of the latest vote e-mail queued to `email`. */
export async function latestVoteCode(target: Target, email: string): Promise<string> {
  const row = await fastifyOf(target)
    .deps.db.selectFrom('email_outbox')
    .select('body_text')
    .where('kind', '=', 'vote-code')
    .where('to_address', '=', email.trim().toLowerCase())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const code = row ? codeInMail(row.body_text, 6) : undefined;
  if (!code) throw new Error(`no vote code e-mailed to ${email}`);
  return code;
}

/** Asks for a code, confirms it and answers the voter's cookie. */
export async function confirmVoter(target: Target, competitionId: string, email: string) {
  const asked = await requestVoteCode(target, competitionId, email);
  expect(asked.statusCode, asked.body).toBe(202);
  const code = await latestVoteCode(target, email);
  const confirmed = await postAsVisitor(target, voteApiPaths.confirm, { email, code });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const cookie = confirmed.cookies.find((c) => c.name === 'ws_voter');
  if (!cookie) throw new Error('no voter cookie');
  return cookie.value;
}

export const castVote = (
  target: Target,
  competitionId: string,
  workId: string,
  cookie: string | undefined,
  ip?: string,
) =>
  postAsVisitor(
    target,
    voteApiPaths.votes(competitionId),
    { workId },
    { ...(cookie ? { cookie } : {}), ...(ip ? { ip } : {}) },
  );

/** `count` voters, each confirmed with a code of their own, vote for the work (201 each). */
export async function votesFor(
  target: Target,
  competitionId: string,
  workId: string,
  count: number,
  ip?: string,
) {
  for (let n = 0; n < count; n++) {
    const email = `fan${n}.${workId.slice(0, 6)}@example.com`;
    const cookie = await confirmVoter(target, competitionId, email);
    const voted = await castVote(target, competitionId, workId, cookie, ip ?? freshAddress());
    expect(voted.statusCode, voted.body).toBe(201);
  }
}

/** Every vote row of the competition. */
export const voteRows = (target: Target, competitionId: string) =>
  fastifyOf(target)
    .deps.db.selectFrom('votes')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .execute();
