import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import {
  addJuror,
  approvedEntry,
  artistNumbered,
  asJuror,
  setUpJudging,
} from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { MyEntries } from '../../../shared/schemas/artist.ts';
import type { EntryView } from '../../../shared/schemas/entry.ts';
import { type AdminFeedback, FEEDBACK_TOO_LONG } from '../../../shared/schemas/feedback.ts';
import type { JurorRound, RoundSummary, Work } from '../../../shared/schemas/jury.ts';

/*
 * The jury's feedback for the artists: written per work on the score sheet beside the private
 * comment, read, edited or hidden by the admin before Publish, and released (or not) at Publish to
 * the artist's entry page, My entries and the results e-mail, grouped per work and never naming
 * the juror.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
let admin: string;
const jurors: { id: string; name: string; token: string; username: string }[] = [];

/** The private comment a juror writes on a work: never shown to the artist. */
const commentOn = (title: string, juror: number) => `Private: ${title} by juror ${juror}`;
const feedbackOn = (title: string, juror: number) => `On ${title}, reader ${juror}: strong light.`;

/** The juror's works in a round as alias → title, walked in the juror's order. */
async function worksOf(token: string, roundId: string) {
  const rounds = (await asJuror(t, token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
  let alias = rounds.find((r) => r.id === roundId)?.firstAlias ?? null;
  const works = new Map<string, string>();
  while (alias) {
    const work = (
      await asJuror(t, token, 'GET', `/api/jury/rounds/${roundId}/works/${alias}`)
    ).json<Work>();
    works.set(alias, work.answers.find((a) => /^(Monsoon|Harbour)/.test(a.value))?.value ?? '');
    alias = work.nextAlias;
  }
  return works;
}

const sheetUrl = (roundId: string, alias: string) =>
  `/api/jury/rounds/${roundId}/works/${alias}/scores`;

/**
 * A closed competition whose two entries (Monsoon by artist `n`, Harbour by artist `n + 1`) were
 * scored by both jurors, each with a comment and feedback; Monsoon has the award.
 */
async function judgedCompetition(n: number) {
  const competitionId = (await addCompetition(t)).competition.id;
  const monsoon = await approvedEntry(t, admin, competitionId, artistNumbered(n), 'Monsoon');
  const harbour = await approvedEntry(t, admin, competitionId, artistNumbered(n + 1), 'Harbour');
  const criterion = await setUpJudging(
    t,
    admin,
    competitionId,
    jurors.map((j) => j.id),
    2,
  );
  const rounds = `/api/admin/competitions/${competitionId}/rounds`;
  const roundId = (await asAdmin(t, admin, 'POST', rounds, {})).json<RoundSummary>().id;
  expect((await asAdmin(t, admin, 'POST', `${rounds}/${roundId}/open`)).statusCode).toBe(200);
  const aliases: string[] = [];
  for (const [i, juror] of jurors.entries()) {
    for (const [alias, title] of await worksOf(juror.token, roundId)) {
      aliases.push(alias);
      const saved = await asJuror(t, juror.token, 'PUT', sheetUrl(roundId, alias), {
        scores: { [criterion]: 7 },
        comment: commentOn(title, i + 1),
        feedback: feedbackOn(title, i + 1),
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  }
  const base = `/api/admin/competitions/${competitionId}`;
  const awarded = await asAdmin(t, admin, 'PUT', `${base}/awards`, {
    awards: [{ submissionId: monsoon, title: 'First', prize: 'A solo show' }],
  });
  expect(awarded.statusCode, awarded.body).toBe(200);
  expect((await asAdmin(t, admin, 'POST', `${base}/close-entries`)).statusCode).toBe(200);
  return { competitionId, roundId, monsoon, harbour, aliases, base };
}

async function feedbackOf(competitionId: string) {
  const response = await asAdmin(
    t,
    admin,
    'GET',
    `/api/admin/competitions/${competitionId}/feedback`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminFeedback>().items;
}

async function entryPage(submissionId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/entries/view',
    headers: OUR_CLIENT_HEADERS,
    payload: { entryToken: await t.app.deps.entryTokens.issue(submissionId) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, view: response.json<EntryView>() };
}

async function myEntries(email: string) {
  const token = await signInArtist(t, email);
  const response = await asArtist(t, token, 'GET', '/api/me/entries');
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, entries: response.json<MyEntries>().entries };
}

async function resultsEmail(submissionId: string) {
  const row = await db()
    .selectFrom('email_outbox')
    .select(['body_text', 'body_html'])
    .where('kind', 'like', 'results-%')
    .where('submission_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  return `${row.body_text}\n${row.body_html}`;
}

/** Nothing that would let the artist tell which juror wrote what: no id, name, login or alias. */
function expectNoJuror(answer: string, aliases: readonly string[]) {
  for (const juror of jurors) {
    for (const trace of [juror.id, juror.name, juror.username, `${juror.username}@jury.example`]) {
      expect(answer).not.toContain(trace);
    }
  }
  for (const alias of aliases) expect(answer).not.toMatch(new RegExp(`\\b${alias}\\b`));
  expect(answer).not.toContain('Private:');
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  for (const [username, name] of [
    ['juror.asha', 'Asha Verghese'],
    ['juror.bram', 'Bram Okafor'],
  ] as const) {
    jurors.push({ ...(await addJuror(t, username, name)), username });
  }
});

describe(`the jury's feedback for the artists (${TEST_ENGINE})`, () => {
  it('is saved with the score sheet beside the private comment; over 2000 characters is a 400', async () => {
    const { roundId, aliases } = await judgedCompetition(1);
    const juror = jurors[0]!;
    const alias = [...(await worksOf(juror.token, roundId)).keys()][0]!;
    const work = (
      await asJuror(t, juror.token, 'GET', `/api/jury/rounds/${roundId}/works/${alias}`)
    ).json<Work>();
    expect(work.comment).toMatch(/^Private: /);
    expect(work.feedback).toMatch(/reader 1: strong light\.$/);
    expect(aliases).toContain(alias);

    const tooLong = await asJuror(t, juror.token, 'PUT', sheetUrl(roundId, alias), {
      scores: {},
      comment: 'Changed',
      feedback: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { feedback: FEEDBACK_TOO_LONG } },
    });
    const after = (
      await asJuror(t, juror.token, 'GET', `/api/jury/rounds/${roundId}/works/${alias}`)
    ).json<Work>();
    expect(after).toMatchObject({ comment: work.comment, feedback: work.feedback });
  });

  it('is read by the admin with its juror, edited or hidden (audited); bad edits change nothing', async () => {
    const { competitionId, roundId } = await judgedCompetition(3);
    const items = await feedbackOf(competitionId);
    expect(items).toHaveLength(4);
    expect(new Set(items.map((i) => i.juror))).toEqual(new Set(jurors.map((j) => j.name)));
    expect(items.every((i) => !i.hidden && i.roundId === roundId)).toBe(true);

    const item = items[0]!;
    const url = `/api/admin/competitions/${competitionId}/feedback/${roundId}/${item.workId}/${item.jurorId}`;
    const tooLong = await asAdmin(t, admin, 'PUT', url, {
      feedback: 'y'.repeat(2001),
      hidden: false,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { fields: { feedback: FEEDBACK_TOO_LONG } } });
    const unknown = await asAdmin(
      t,
      admin,
      'PUT',
      `/api/admin/competitions/${competitionId}/feedback/${roundId}/${item.workId}/nobody`,
      { feedback: 'Hello', hidden: false },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await feedbackOf(competitionId)).toEqual(items);

    const edited = await asAdmin(t, admin, 'PUT', url, {
      feedback: ' Kinder words. ',
      hidden: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = edited
      .json<AdminFeedback>()
      .items.find((i) => i.workId === item.workId && i.jurorId === item.jurorId);
    expect(changed).toMatchObject({ feedback: 'Kinder words.', hidden: true });
    const [audit] = (await auditRowsOf(db(), 'jury.feedback-edited')).filter(
      (row) => row.entity_id === competitionId,
    );
    expect(JSON.parse(audit!.details!)).toMatchObject({
      before: { feedback: item.feedback, hidden: false },
      after: { feedback: 'Kinder words.', hidden: true },
    });
  });

  it('reaches no artist when Publish does not release it', async () => {
    const { base, monsoon, harbour, aliases } = await judgedCompetition(5);
    const published = await asAdmin(t, admin, 'POST', `${base}/results/publish`);
    expect(published.statusCode, published.body).toBe(200);
    for (const id of [monsoon, harbour]) {
      const { view, body } = await entryPage(id);
      expect(view.result).not.toBeNull();
      expect(view.result?.feedback).toBeUndefined();
      expect(body).not.toContain('strong light');
      expect(await resultsEmail(id)).not.toContain('strong light');
    }
    const { body } = await myEntries(artistNumbered(5).email);
    expect(body).not.toContain('strong light');
    expectNoJuror(body, aliases);
  });

  it('when released, reaches the artist per work without naming a juror; hidden feedback never', async () => {
    const { competitionId, base, monsoon, harbour, aliases, roundId } = await judgedCompetition(7);
    const hide = (await feedbackOf(competitionId)).find(
      (i) => i.feedback === feedbackOn('Harbour', 2),
    )!;
    const hidden = await asAdmin(
      t,
      admin,
      'PUT',
      `${base}/feedback/${roundId}/${hide.workId}/${hide.jurorId}`,
      { feedback: hide.feedback, hidden: true },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const preview = await asAdmin(t, admin, 'GET', `${base}/results`);
    expect(preview.json()).toMatchObject({ feedbackWorks: 2, feedbackReleased: false });

    const published = await asAdmin(t, admin, 'POST', `${base}/results/publish`, {
      releaseFeedback: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await asAdmin(t, admin, 'GET', `${base}/results`)).json()).toMatchObject({
      feedbackReleased: true,
    });

    const monsoonPage = await entryPage(monsoon);
    expect(monsoonPage.view.result?.feedback).toEqual([
      {
        work: { number: 1, title: 'Monsoon' },
        texts: expect.arrayContaining([
          feedbackOn('Monsoon', 1),
          feedbackOn('Monsoon', 2),
        ]) as unknown,
      },
    ]);
    expectNoJuror(monsoonPage.body, aliases);
    const harbourPage = await entryPage(harbour);
    expect(harbourPage.view.result?.feedback).toEqual([
      { work: { number: 1, title: 'Harbour' }, texts: [feedbackOn('Harbour', 1)] },
    ]);
    expectNoJuror(harbourPage.body, aliases);

    for (const [n, title] of [
      [7, 'Monsoon'],
      [8, 'Harbour'],
    ] as const) {
      const { body, entries } = await myEntries(artistNumbered(n).email);
      const mine = entries.find((e) => e.competition.id === competitionId);
      expect(mine?.result?.feedback?.[0]?.texts).toContain(feedbackOn(title, 1));
      expect(body).not.toContain(feedbackOn('Harbour', 2));
      expectNoJuror(body, aliases);
    }

    const monsoonEmail = await resultsEmail(monsoon);
    expect(monsoonEmail).toContain('The jury’s feedback on your entry');
    expect(monsoonEmail).toContain(feedbackOn('Monsoon', 1));
    expect(monsoonEmail).toContain(feedbackOn('Monsoon', 2));
    expectNoJuror(monsoonEmail, aliases);
    const harbourEmail = await resultsEmail(harbour);
    expect(harbourEmail).toContain(feedbackOn('Harbour', 1));
    expect(harbourEmail).not.toContain(feedbackOn('Harbour', 2));
    expectNoJuror(harbourEmail, aliases);

    // Taken down, the results take the feedback with them.
    expect((await asAdmin(t, admin, 'POST', `${base}/results/unpublish`)).statusCode).toBe(200);
    expect((await entryPage(monsoon)).body).not.toContain('strong light');
  });
});
