import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  adminClock,
  asAdmin,
  auditRowsOf,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addVotingExhibition, voteRows, votesFor } from '../../../../tests/setup/votes.ts';
import { voteApiPaths } from '../../../shared/api-paths.ts';
import { VOTE_MESSAGES } from '../../../shared/schemas/votes.ts';

/*
 * The admin's side of the vote: counts per hour and per work, clusters that look organised,
 * voiding with a reason (audited, no longer counted), and the People's Choice award after the
 * close, with its certificate when the results are already published.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const HOUR = 60 * 60 * 1000;
let admin = '';

beforeEach(async () => {
  await db().deleteFrom('rate_limit_hits').execute();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

/** `count` voters, each confirmed, voting for `workId` from `ip` (a fresh one when not given). */
describe(`the admin's votes on ${TEST_ENGINE}`, () => {
  it('shows counts per hour and work, finds one address’s votes, voids them with a reason', async () => {
    const setup = await addVotingExhibition(t, adminClock);
    const id = setup.competitionId;
    const [asha, ravi] = setup.works;
    await votesFor(t, id, asha?.workId ?? '', 5, '10.99.0.1');
    await votesFor(t, id, ravi?.workId ?? '', 2);

    const seen = await asAdmin(t, admin, 'GET', voteApiPaths.admin(id));
    expect(seen.statusCode, seen.body).toBe(200);
    const answer = seen.json();
    expect(answer.counted).toBe(7);
    expect(answer.perHour).toEqual([{ hour: expect.stringMatching(/:00:00Z$/), votes: 7 }]);
    expect(answer.works).toEqual([
      { workId: asha?.workId, votes: 5 },
      { workId: ravi?.workId, votes: 2 },
    ]);
    expect(answer.clusters).toHaveLength(1);
    const [cluster] = answer.clusters;
    expect(cluster).toMatchObject({ kind: 'address' });
    expect(cluster.voteIds).toHaveLength(5);
    expect(JSON.stringify(answer)).not.toContain('10.99.0.1');

    const noReason = await asAdmin(t, admin, 'POST', voteApiPaths.adminVoid(id), {
      voteIds: cluster.voteIds,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: VOTE_MESSAGES.reasonRequired });
    expect((await voteRows(t, id)).filter((v) => v.voided_at)).toEqual([]);

    const voided = await asAdmin(t, admin, 'POST', voteApiPaths.adminVoid(id), {
      voteIds: cluster.voteIds,
      reason: 'Five votes from one connection in a minute',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toEqual({ voided: 5 });
    const audit = await auditRowsOf(db(), 'votes.');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'votes.void', entity_id: id });
    const after = (await asAdmin(t, admin, 'GET', voteApiPaths.admin(id))).json();
    expect(after).toMatchObject({ counted: 2, voided: 5, clusters: [] });
    expect(after.works).toEqual([{ workId: ravi?.workId, votes: 2 }]);
    // Voiding again changes nothing and audits nothing.
    await asAdmin(t, admin, 'POST', voteApiPaths.adminVoid(id), {
      voteIds: cluster.voteIds,
      reason: 'again',
    });
    expect(await auditRowsOf(db(), 'votes.')).toHaveLength(1);
  });

  it('gives the People’s Choice after the close, with its certificate when results are published', async () => {
    const setup = await addVotingExhibition(t, adminClock);
    const id = setup.competitionId;
    const [asha, ravi] = setup.works;
    await votesFor(t, id, asha?.workId ?? '', 1);
    await votesFor(t, id, ravi?.workId ?? '', 3);
    const early = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('VOTING_NOT_CLOSED');
    expect(
      await db().selectFrom('awards').selectAll().where('competition_id', '=', id).execute(),
    ).toEqual([]);

    const stamp = adminClock.now().toISOString();
    await db()
      .insertInto('results_publications')
      .values({
        competition_id: id,
        published_at: stamp,
        first_published_at: stamp,
        updated_at: stamp,
      })
      .execute();
    adminClock.advance(HOUR + 1000);
    const award = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(award.statusCode, award.body).toBe(200);
    expect(award.json()).toEqual({
      workIds: [ravi?.workId],
      votes: 3,
      skipped: [],
      certificatesIssued: 1,
    });
    const rows = await db()
      .selectFrom('awards')
      .select(['title', 'work_id'])
      .where('competition_id', '=', id)
      .execute();
    expect(rows).toEqual([{ title: "People's Choice", work_id: ravi?.workId }]);
    const certificates = await db()
      .selectFrom('certificates')
      .select(['kind', 'award', 'work_id', 'submission_id'])
      .where('competition_id', '=', id)
      .execute();
    expect(certificates).toEqual([
      {
        kind: 'merit',
        award: "People's Choice",
        work_id: ravi?.workId,
        submission_id: ravi?.submissionId,
      },
    ]);
    // Awarding again replaces it: one award, one certificate.
    const again = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(again.json()).toMatchObject({ certificatesIssued: 0 });
    expect(
      await db().selectFrom('awards').where('competition_id', '=', id).selectAll().execute(),
    ).toHaveLength(1);
    expect(await auditRowsOf(db(), 'results.peoples-choice')).toHaveLength(2);
    const admins = (await asAdmin(t, admin, 'GET', voteApiPaths.admin(id))).json();
    expect(admins.award).toEqual({ workIds: [ravi?.workId] });
    const counts = await t.app.inject({ method: 'GET', url: voteApiPaths.counts(id) });
    expect(counts.json().works[0]).toEqual({ workId: ravi?.workId, votes: 3 });
  });

  it('needs a signed-in admin', async () => {
    const setup = await addVotingExhibition(t, adminClock);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: voteApiPaths.admin(setup.competitionId),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
