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
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';
import type { IdentityCheck } from '../../../shared/schemas/jury-redaction.ts';
import type { RoundSummary } from '../../../shared/schemas/jury.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';

/*
 * The identity check before judging: entries whose answers shown to jurors name their artist,
 * found on the server; the jury's copy of such an answer redacted by the admin, audited, the
 * artist's own answer kept; bad input refused with nothing written.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
let admin: string;
let competitionId: string;
let otherCompetitionId: string;
const ids: string[] = [];
const artists = [1, 2, 3, 4].map(artistNumbered);
const checkUrl = () => `/api/admin/competitions/${competitionId}/judging/identity-check`;
const redactionUrl = (entryId: string, fieldId: string, competition = competitionId) =>
  `/api/admin/competitions/${competition}/judging/redactions/${entryId}/${fieldId}`;

/** The default fields with the link field on (and so hidden from jurors by default). */
const FIELDS = DEFAULT_FORM_FIELDS.map((f) => (f.id === 'link' ? { ...f, enabled: true } : f));

async function check(): Promise<IdentityCheck> {
  const response = await asAdmin(t, admin, 'GET', checkUrl());
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IdentityCheck>();
}

const redactions = () => db().selectFrom('jury_redactions').selectAll().execute();
const fieldValuesOf = async (id: string) => storedAnswersOf(db(), id);

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const form = { form_fields: JSON.stringify(FIELDS) };
  competitionId = (await addCompetition(t, {}, form)).competition.id;
  otherCompetitionId = (await addCompetition(t, {}, form)).competition.id;
  const [one, two, three, four] = artists;
  // The name (other case, no space), the e-mail, the phone spaced differently, nothing.
  ids.push(
    await approvedEntry(t, admin, competitionId, one!, 'Harbour', {
      fieldValues: { description: 'Painted by ZENOBIA QUILLFEATHER 1 at dawn.' },
    }),
    await approvedEntry(t, admin, competitionId, two!, 'Quay', {
      fieldValues: { medium: `Oil (write to ${two!.email.toUpperCase()})` },
    }),
    await approvedEntry(t, admin, competitionId, three!, 'Pier', {
      fieldValues: { size: 'A2, call 9000012343' },
    }),
    // Only in the link field, which jurors do not see.
    await approvedEntry(t, admin, competitionId, four!, 'Jetty', {
      fieldValues: { link: 'https://zenobiaquillfeather4.example.in' },
    }),
  );
});

describe(`the identity check on ${TEST_ENGINE}`, () => {
  it('lists each entry whose shown answers name its artist, with what they contain', async () => {
    const { roundOpened, entries } = await check();
    expect(roundOpened).toBe(false);
    expect(entries.map((e) => e.submissionId)).toEqual(ids.slice(0, 3));
    expect(entries[0]!.answers).toEqual([
      {
        fieldId: 'description',
        work: 1,
        label: 'Description',
        answer: 'Painted by ZENOBIA QUILLFEATHER 1 at dawn.',
        contains: ['name'],
        suggestion: 'Painted by [redacted] at dawn.',
        redaction: null,
      },
    ]);
    expect(entries[1]!.answers[0]).toMatchObject({ fieldId: 'medium', contains: ['email'] });
    expect(entries[2]!.answers[0]).toMatchObject({
      fieldId: 'size',
      contains: ['phone'],
      suggestion: 'A2, call [redacted]',
    });
    const unknown = await asAdmin(
      t,
      admin,
      'GET',
      '/api/admin/competitions/nope/judging/identity-check',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('redacts the jury’s copy, keeps the artist’s answer, shows both to the admin, audited', async () => {
    const before = await fieldValuesOf(ids[0]!);
    const saved = await asAdmin(t, admin, 'PUT', redactionUrl(ids[0]!, 'description'), {
      text: '  Painted at dawn. ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<IdentityCheck>().entries[0]!.answers[0]!;
    expect(answer).toMatchObject({
      answer: 'Painted by ZENOBIA QUILLFEATHER 1 at dawn.',
      redaction: { text: 'Painted at dawn.', redactedAt: expect.any(String) },
    });
    expect(await fieldValuesOf(ids[0]!)).toEqual(before);
    const audits = await auditRowsOf(db(), 'jury.answer-');
    expect(audits).toMatchObject([{ action: 'jury.answer-redact', entity_id: ids[0] }]);
    expect(JSON.parse(audits[0]!.details ?? '')).toEqual({
      fieldId: 'description',
      label: 'Description',
      juryCopy: 'Painted at dawn.',
    });
    // Saved again with another copy: one redaction, the new text.
    await asAdmin(t, admin, 'PUT', redactionUrl(ids[0]!, 'description'), { text: 'At dawn.' });
    expect((await redactions()).map((r) => r.jury_text)).toEqual(['At dawn.']);
  });

  it('refuses bad input with the envelope, writing nothing', async () => {
    const before = { rows: await redactions(), audits: await auditRowsOf(db(), 'jury.answer-') };
    const other = await approvedEntry(t, admin, otherCompetitionId, artists[0]!, 'Elsewhere');
    const cases: [string, unknown, number, Record<string, string> | undefined][] = [
      [redactionUrl('no-such-entry', 'description'), { text: 'x' }, 404, undefined],
      [redactionUrl(other, 'description'), { text: 'x' }, 404, undefined],
      [redactionUrl(ids[1]!, 'no_such_field'), { text: 'x' }, 404, undefined],
      [redactionUrl(ids[1]!, 'videoUrl'), { text: 'x' }, 404, undefined],
      [redactionUrl(ids[1]!, 'description', 'nope'), { text: 'x' }, 404, undefined],
      [
        redactionUrl(ids[1]!, 'artworkUrl'),
        { text: 'x' },
        400,
        { fieldId: 'A picture cannot be redacted: hide its field from jurors instead.' },
      ],
      [
        redactionUrl(ids[3]!, 'link'),
        { text: 'x' },
        400,
        { fieldId: 'Jurors do not see this field: there is nothing to redact.' },
      ],
      [
        redactionUrl(ids[1]!, 'medium'),
        { text: `Oil (${artists[1]!.email})` },
        400,
        { text: "The jury's copy still contains the artist's e-mail" },
      ],
      [
        redactionUrl(ids[2]!, 'size'),
        { text: 'A2, call 90000 12343' },
        400,
        { text: "The jury's copy still contains the artist's phone number" },
      ],
      [
        redactionUrl(ids[2]!, 'size'),
        { text: 'x'.repeat(5001) },
        400,
        { text: "The jury's copy must be at most 5000 characters" },
      ],
      [redactionUrl(ids[2]!, 'size'), { text: 3 }, 400, undefined],
      [redactionUrl(ids[2]!, 'size'), { text: 'A2', extra: true }, 400, undefined],
    ];
    for (const [url, body, status, fields] of cases) {
      const response = await asAdmin(t, admin, 'PUT', url, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(status);
      expect(response.json().error.message).toEqual(expect.any(String));
      if (fields) expect(response.json().error.fields).toEqual(fields);
    }
    const juror = await addJuror(t, 'juror.redact', 'Rae Dact');
    const asJurorPut = await asJuror(t, juror.token, 'PUT', redactionUrl(ids[1]!, 'medium'), {
      text: 'Oil',
    });
    expect(asJurorPut.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: checkUrl() });
    expect(anonymous.statusCode).toBe(401);
    expect(await redactions()).toEqual(before.rows);
    expect(await auditRowsOf(db(), 'jury.answer-')).toEqual(before.audits);
  });

  it('removes a redaction before a round opens; once one has, refuses (409) and keeps it', async () => {
    await asAdmin(t, admin, 'PUT', redactionUrl(ids[2]!, 'size'), { text: 'A2' });
    const removed = await asAdmin(t, admin, 'DELETE', redactionUrl(ids[2]!, 'size'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<IdentityCheck>().entries[2]!.answers[0]!.redaction).toBeNull();
    expect((await auditRowsOf(db(), 'jury.answer-unredact')).length).toBe(1);
    const again = await asAdmin(t, admin, 'DELETE', redactionUrl(ids[2]!, 'size'));
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'This answer is not redacted.',
    });

    const juror = await addJuror(t, 'juror.opens', 'Opal Ens');
    await setUpJudging(t, admin, competitionId, [juror.id], 1);
    const rounds = `/api/admin/competitions/${competitionId}/rounds`;
    const round = (await asAdmin(t, admin, 'POST', rounds, {})).json<RoundSummary>();
    expect((await asAdmin(t, admin, 'POST', `${rounds}/${round.id}/open`)).statusCode).toBe(200);
    expect((await check()).roundOpened).toBe(true);
    const before = await redactions();
    const fixed = await asAdmin(t, admin, 'DELETE', redactionUrl(ids[0]!, 'description'));
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().error).toEqual({
      code: 'REDACTION_FIXED',
      message:
        'A round has opened: jurors have seen the redacted copy, so it can be changed but not removed.',
    });
    expect(await redactions()).toEqual(before);
    // A new redaction while the round is open takes effect for jurors at once.
    const late = await asAdmin(t, admin, 'PUT', redactionUrl(ids[2]!, 'size'), { text: 'A2' });
    expect(late.statusCode).toBe(200);
  });
});
