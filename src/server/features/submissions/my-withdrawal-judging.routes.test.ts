import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import {
  addJuror,
  approvedEntry,
  artistNumbered,
  setUpJudging,
} from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { PublicationPreview } from '../../../shared/schemas/publication.ts';

/*
 * An artist may withdraw an approved entry before the close; from then on it takes no part: no
 * round of judging holds it, no award may go to it, and Publish neither counts nor writes to it.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
const competitionUrl = (id: string) => `/api/admin/competitions/${id}`;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

describe(`an approved entry withdrawn by its artist, on ${TEST_ENGINE}`, () => {
  it('is left out of judging, awards and the results', async () => {
    const competitionId = (await addCompetition(t)).competition.id;
    const kept = await approvedEntry(t, admin, competitionId, artistNumbered(1), 'Kept');
    const withdrawnId = await approvedEntry(t, admin, competitionId, artistNumbered(2), 'Gone');
    const token = await signInArtist(t, artistNumbered(2).email);
    const withdrawn = await asArtist(t, token, 'POST', `/api/me/entries/${withdrawnId}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const closed = await asAdmin(
      t,
      admin,
      'POST',
      `${competitionUrl(competitionId)}/close-entries`,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const juror = await addJuror(t, 'withdrawn.juror', 'Withdrawn Juror');
    await setUpJudging(t, admin, competitionId, [juror.id], 1);
    const round = await asAdmin(t, admin, 'POST', `${competitionUrl(competitionId)}/rounds`, {});
    expect(round.statusCode, round.body).toBe(201);
    const inRound = await t.app.deps.db
      .selectFrom('jury_round_entries')
      .select('submission_id')
      .where('round_id', '=', round.json<{ id: string }>().id)
      .execute();
    expect(inRound.map((row) => row.submission_id)).toEqual([kept]);

    const award = (submissionId: string) =>
      asAdmin(t, admin, 'PUT', `${competitionUrl(competitionId)}/awards`, {
        awards: [{ submissionId, title: 'First', prize: 'A solo show' }],
      });
    const refused = await award(withdrawnId);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['awards.0.submissionId']);
    expect((await award(kept)).statusCode).toBe(200);

    const preview = await asAdmin(t, admin, 'GET', `${competitionUrl(competitionId)}/results`);
    expect(preview.json<PublicationPreview>()).toMatchObject({ participants: 1, emails: 1 });
    const published = await asAdmin(
      t,
      admin,
      'POST',
      `${competitionUrl(competitionId)}/results/publish`,
    );
    expect(published.statusCode, published.body).toBe(200);
    const written = await t.app.deps.db
      .selectFrom('email_outbox')
      .select('submission_id')
      .where('kind', 'like', 'results-%')
      .where('submission_id', 'in', [kept, withdrawnId])
      .execute();
    expect(written.map((row) => row.submission_id)).toEqual([kept]);
  });
});
