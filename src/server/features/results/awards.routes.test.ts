import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import {
  addJuror,
  approvedEntry,
  artistNumbered,
  asJuror,
  setUpJudging,
} from '../../../../tests/setup/jury.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { JurorRound, RoundSummary, Work } from '../../../shared/schemas/jury.ts';
import type { Award, ProposedAwards } from '../../../shared/schemas/results.ts';
import { AWARD_ENTRY_INVALID, AWARD_ENTRY_TWICE } from './awards.service.ts';

/*
 * A competition's awards over HTTP: saved whole and read back in order, refused (and nothing
 * changed) for an entry that cannot get one, and proposed from the last closed round's ranking.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
let competitionId: string;
/** Entry ids by artwork title: 'Study 1' … 'Study 6'. */
const entries = new Map<string, string>();
let otherCompetitionEntry: string;
let pendingEntry: string;
const awardsUrl = (id = competitionId) => `/api/admin/competitions/${id}/awards`;
const entry = (title: string) => entries.get(title) ?? '';

async function readAwards(): Promise<Award[]> {
  const response = await asAdmin(t, admin, 'GET', awardsUrl());
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Award[]>();
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  for (const n of [1, 2, 3, 4, 5, 6]) {
    entries.set(
      `Study ${n}`,
      await approvedEntry(t, admin, competitionId, artistNumbered(n), `Study ${n}`),
    );
  }
  const other = (await addCompetition(t)).competition.id;
  otherCompetitionEntry = await approvedEntry(t, admin, other, artistNumbered(7), 'Elsewhere');
  const data = registrationData(competitionId, {
    ...artistNumbered(8),
    fieldValues: { artworkTitle: 'Waiting', medium: 'Ink', size: 'A3', description: 'Pending.' },
  });
  const pending = await postRegistration(t, registrationParts(data, await defaultFiles()));
  expect(pending.statusCode, pending.body).toBe(201);
  pendingEntry = pending.json<{ id: string }>().id;
});

/** One round judged by three jurors who each give a work its study's number, then closed. */
async function judgeAndCloseRound() {
  const jurors = [
    await addJuror(t, 'juror.ann', 'Ann Roy'),
    await addJuror(t, 'juror.ben', 'Ben Oduya'),
    await addJuror(t, 'juror.cho', 'Cho Park'),
  ];
  // Every juror scores every study, so the normalised order cannot depend on who got what.
  const criterion = await setUpJudging(
    t,
    admin,
    competitionId,
    jurors.map((j) => j.id),
    3,
  );
  const roundsUrl = `/api/admin/competitions/${competitionId}/rounds`;
  const roundId = (await asAdmin(t, admin, 'POST', roundsUrl, {})).json<RoundSummary>().id;
  expect((await asAdmin(t, admin, 'POST', `${roundsUrl}/${roundId}/open`)).statusCode).toBe(200);
  for (const juror of jurors) {
    const [round] = (await asJuror(t, juror.token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
    let alias = round?.firstAlias ?? null;
    while (alias) {
      const url = `/api/jury/rounds/${roundId}/works/${alias}`;
      const work = (await asJuror(t, juror.token, 'GET', url)).json<Work>();
      const study = work.answers.map((a) => /^Study (\d)$/.exec(a.value)).find(Boolean);
      expect(study).toBeTruthy();
      const saved = await asJuror(t, juror.token, 'PUT', `${url}/scores`, {
        scores: { [criterion]: Number(study![1]) },
        comment: '',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      alias = work.nextAlias;
    }
  }
  expect((await asAdmin(t, admin, 'POST', `${roundsUrl}/${roundId}/close`)).statusCode).toBe(200);
  return { roundId, jurors };
}

describe(`awards on ${TEST_ENGINE}`, () => {
  it('starts empty; an unknown competition is a 404', async () => {
    expect(await readAwards()).toEqual([]);
    expect((await asAdmin(t, admin, 'GET', awardsUrl('no-such-competition'))).statusCode).toBe(404);
    const put = await asAdmin(t, admin, 'PUT', awardsUrl('no-such-competition'), { awards: [] });
    expect(put.statusCode).toBe(404);
  });

  it('saves the list whole and reads it back in its order, audited', async () => {
    const saved = await asAdmin(t, admin, 'PUT', awardsUrl(), {
      awards: [
        { submissionId: entry('Study 4'), title: 'First', prize: '₹50,000' },
        { submissionId: entry('Study 2'), title: 'Jury’s choice', prize: '' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [
      { submissionId: entry('Study 4'), title: 'First', prize: '₹50,000', artworkTitle: 'Study 4' },
      {
        submissionId: entry('Study 2'),
        title: 'Jury’s choice',
        prize: '',
        artworkTitle: 'Study 2',
      },
    ].map((a, position) => expect.objectContaining({ ...a, position }));
    expect(saved.json<Award[]>()).toEqual(expected);
    const read = await readAwards();
    expect(read).toEqual(expected);
    expect(read[0]!.reference).toMatch(/^WS-\d{4}-\d{6}$/);
    // Saving again replaces the list: one left, in a new place.
    await asAdmin(t, admin, 'PUT', awardsUrl(), {
      awards: [{ submissionId: entry('Study 2'), title: 'Second', prize: 'A medal' }],
    });
    expect((await readAwards()).map((a) => [a.artworkTitle, a.title, a.position])).toEqual([
      ['Study 2', 'Second', 0],
    ]);
    const audited = await auditRowsOf(t.app.deps.db, 'results.awards');
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ entity_id: competitionId });
  });

  it.each([
    ['of another competition', () => otherCompetitionEntry, AWARD_ENTRY_INVALID],
    ['not approved', () => pendingEntry, AWARD_ENTRY_INVALID],
    ['named twice', () => entry('Study 1'), AWARD_ENTRY_TWICE],
    ['unknown', () => 'no-such-entry', AWARD_ENTRY_INVALID],
  ])('refuses an entry %s, naming it, and changes nothing', async (_, id, message) => {
    const before = await readAwards();
    const response = await asAdmin(t, admin, 'PUT', awardsUrl(), {
      awards: [
        { submissionId: entry('Study 1'), title: 'First', prize: '' },
        { submissionId: id(), title: 'Second', prize: '' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { 'awards.1.submissionId': message } },
    });
    expect(await readAwards()).toEqual(before);
  });

  it('refuses a title on two lines or too long', async () => {
    const response = await asAdmin(t, admin, 'PUT', awardsUrl(), {
      awards: [{ submissionId: entry('Study 1'), title: 'First\nPrize', prize: 'x'.repeat(301) }],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ error: { fields: object } }>().error.fields).sort()).toEqual(
      ['awards.0.prize', 'awards.0.title'],
    );
  });

  it('proposes nothing before a round has closed: 409', async () => {
    const response = await asAdmin(t, admin, 'GET', `${awardsUrl()}/proposal`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'NO_CLOSED_ROUND' } });
  });

  it('proposes First, Second, Third and two Honourable mentions from the closed round', async () => {
    const { roundId, jurors } = await judgeAndCloseRound();
    const response = await asAdmin(t, admin, 'GET', `${awardsUrl()}/proposal`);
    expect(response.statusCode, response.body).toBe(200);
    const proposal = response.json<ProposedAwards>();
    expect(proposal).toMatchObject({ roundId, roundNumber: 1 });
    expect(proposal.awards.map((a) => [a.artworkTitle, a.title, a.submissionId])).toEqual([
      ['Study 6', 'First', entry('Study 6')],
      ['Study 5', 'Second', entry('Study 5')],
      ['Study 4', 'Third', entry('Study 4')],
      ['Study 3', 'Honourable mention', entry('Study 3')],
      ['Study 2', 'Honourable mention', entry('Study 2')],
    ]);
    // A proposal saves nothing.
    expect((await readAwards()).map((a) => a.title)).toEqual(['Second']);
    // The admin scope refuses a juror.
    const asJurorResponse = await asJuror(t, jurors[0]!.token, 'GET', awardsUrl());
    expect(asJurorResponse.statusCode).toBe(403);
  });
});
