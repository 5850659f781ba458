import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  adminClock,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  addVotingExhibition,
  castVote,
  confirmVoter,
  requestVoteCode,
  voteRows,
  votesFor,
} from '../../../../tests/setup/votes.ts';
import { adminApiPaths, publicApiPaths, voteApiPaths } from '../../../shared/api-paths.ts';
import { EXHIBITION_MESSAGES } from '../../../shared/schemas/exhibition.ts';

/*
 * The vote's window has one rule (the exhibition's), a missing close is never "open forever";
 * taking the exhibition down keeps the admin's vote, voiding and award; only the works still on
 * show are counted; and the People's Choice goes to the most voted work that may take it.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const HOUR = 60 * 60 * 1000;
let admin = '';

beforeEach(async () => {
  await db().deleteFrom('rate_limit_hits').execute();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const counts = (id: string) => t.app.inject({ method: 'GET', url: voteApiPaths.counts(id) });

describe(`the vote's window and award on ${TEST_ENGINE}`, () => {
  it('needs both voting times or neither, and takes no vote without a close', async () => {
    const setup = await addVotingExhibition(t, adminClock);
    const id = setup.competitionId;
    const now = adminClock.now().getTime();
    const saved = await asAdmin(t, admin, 'PUT', adminApiPaths.exhibition(id), {
      title: 'Monsoon Colours',
      votingOpensAt: new Date(now - HOUR).toISOString(),
      votingClosesAt: null,
    });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json().error.fields).toEqual({ votingClosesAt: EXHIBITION_MESSAGES.votingBoth });
    const closeOnly = await asAdmin(t, admin, 'PUT', adminApiPaths.exhibition(id), {
      title: 'Monsoon Colours',
      votingClosesAt: new Date(now + HOUR).toISOString(),
    });
    expect(closeOnly.json().error.fields).toEqual({
      votingOpensAt: EXHIBITION_MESSAGES.votingBoth,
    });

    // A row written before the rule: the gallery and the vote agree it is not open.
    const cookie = await confirmVoter(t, id, 'early@example.com');
    await db()
      .updateTable('exhibitions')
      .set({ voting_closes_at: null })
      .where('id', '=', setup.exhibitionId)
      .execute();
    const gallery = await t.app.inject({ method: 'GET', url: publicApiPaths.exhibition(id) });
    expect(gallery.json().voting.open).toBe(false);
    const vote = await castVote(t, id, setup.works[0]?.workId ?? '', cookie);
    expect(vote.statusCode).toBe(409);
    expect(vote.json().error.code).toBe('VOTING_NOT_OPEN');
    const asked = await requestVoteCode(t, id, 'late@example.com');
    expect(asked.json().error.code).toBe('VOTING_NOT_OPEN');
    expect((await counts(id)).json().error.code).toBe('VOTING_NOT_CLOSED');
    expect(await voteRows(t, id)).toEqual([]);
  });

  it('keeps the vote, its voiding and award after the exhibition is taken down; counts only works on show', async () => {
    const setup = await addVotingExhibition(t, adminClock);
    const id = setup.competitionId;
    const [asha, ravi, meena] = setup.works.map((w) => w!);
    await votesFor(t, id, asha!.workId, 4);
    await votesFor(t, id, ravi!.workId, 3);
    await votesFor(t, id, meena!.workId, 2);
    const cookie = await confirmVoter(t, id, 'late@example.com');
    // Asha's work is taken out of the exhibition, Ravi's entry withdrawn.
    await db().deleteFrom('exhibition_works').where('work_id', '=', asha!.workId).execute();
    await db()
      .updateTable('submissions')
      .set({ withdrawn_at: adminClock.now().toISOString() })
      .where('id', '=', ravi!.submissionId)
      .execute();
    await db()
      .updateTable('exhibitions')
      .set({ opened_at: null })
      .where('id', '=', setup.exhibitionId)
      .execute();
    // Opened stays a condition for asking for a code and voting.
    const late = await castVote(t, id, meena!.workId, cookie);
    expect(late.statusCode).toBe(404);
    expect(late.json().error.code).toBe('NO_EXHIBITION');
    expect((await requestVoteCode(t, id, 'later@example.com')).statusCode).toBe(404);

    const seen = await asAdmin(t, admin, 'GET', voteApiPaths.admin(id));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      counted: 2,
      works: [{ workId: meena!.workId, votes: 2 }],
      titles: { [meena!.workId]: 'Work 3' },
    });
    const voted = await voteRows(t, id);
    const voided = await asAdmin(t, admin, 'POST', voteApiPaths.adminVoid(id), {
      voteIds: [voted.find((v) => v.work_id === meena!.workId)!.id],
      reason: 'same household',
    });
    expect(voided.json()).toEqual({ voided: 1 });

    adminClock.advance(HOUR + 1000);
    const shown = await counts(id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().works).toEqual([{ workId: meena!.workId, votes: 1 }]);
    const award = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(award.statusCode, award.body).toBe(200);
    expect(award.json()).toMatchObject({ workIds: [meena!.workId], votes: 1, skipped: [] });
  });

  it('gives the People’s Choice to the most voted work that holds no other award', async () => {
    const setup = await addVotingExhibition(t, adminClock);
    const id = setup.competitionId;
    const [asha, ravi] = setup.works.map((w) => w!);
    await votesFor(t, id, asha!.workId, 3);
    await votesFor(t, id, ravi!.workId, 2);
    const stamp = adminClock.now().toISOString();
    await db()
      .insertInto('awards')
      .values({
        id: randomUUID(),
        competition_id: id,
        submission_id: asha!.submissionId,
        work_id: asha!.workId,
        title: 'First',
        prize: '₹50,000',
        position: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    adminClock.advance(HOUR + 1000);
    const award = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(award.statusCode, award.body).toBe(200);
    expect(award.json()).toEqual({
      workIds: [ravi!.workId],
      votes: 2,
      skipped: [{ workId: asha!.workId, votes: 3, reason: 'holds First' }],
      certificatesIssued: 0,
    });
    const awards = await db()
      .selectFrom('awards')
      .select(['title', 'work_id'])
      .where('competition_id', '=', id)
      .orderBy('position')
      .execute();
    expect(awards).toEqual([
      { title: 'First', work_id: asha!.workId },
      { title: "People's Choice", work_id: ravi!.workId },
    ]);
  });
});
