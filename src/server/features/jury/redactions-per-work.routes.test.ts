import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
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
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../shared/schemas/form-field.ts';
import { type IdentityCheck, REDACTION_MESSAGES } from '../../../shared/schemas/jury-redaction.ts';
import type { JurorRound, RoundSummary, Work } from '../../../shared/schemas/jury.ts';

/*
 * Redactions per work: an entry of three works names its artist in the second work's description
 * and in its statement (asked once); the admin redacts each where it is, and a juror sees each
 * work with its own redactions and the entry's.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
const artist = artistNumbered(7);
const NAMED = `Painted beside ${artist.fullName}'s window.`;
const STATEMENT: FormField = {
  id: 'statement',
  label: 'Artist statement',
  type: 'text',
  required: false,
  enabled: true,
  perWork: false,
};
let admin: string;
let competitionId: string;
let entryId: string;

const checkUrl = () => `/api/admin/competitions/${competitionId}/judging/identity-check`;
const redactionUrl = (fieldId: string, query = '') =>
  `/api/admin/competitions/${competitionId}/judging/redactions/${entryId}/${fieldId}${query}`;
const redactions = () =>
  db()
    .selectFrom('jury_redactions')
    .select(['work_position', 'field_id', 'jury_text'])
    .orderBy('work_position')
    .execute();

/** Works 2 and 3 of the entry, copies of its first with their own title and description. */
async function addWorks() {
  const first = await db()
    .selectFrom('entry_works')
    .selectAll()
    .where('submission_id', '=', entryId)
    .executeTakeFirstOrThrow();
  const values = JSON.parse(first.field_values) as Record<string, unknown>;
  for (const [position, title, description] of [
    [2, 'Window', NAMED],
    [3, 'Door', 'A quiet door.'],
  ] as const) {
    const work = { ...values, artworkTitle: title, description };
    await db()
      .insertInto('entry_works')
      .values({ ...first, id: randomUUID(), position, field_values: JSON.stringify(work) })
      .execute();
  }
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const form = { form_fields: JSON.stringify([...DEFAULT_FORM_FIELDS, STATEMENT]) };
  competitionId = (await addCompetition(t, { max_works: 3 }, form)).competition.id;
  entryId = await approvedEntry(t, admin, competitionId, artist, 'Wall', {
    fieldValues: { statement: `I am ${artist.fullName}.` },
  });
  await addWorks();
});

describe(`redactions per work on ${TEST_ENGINE}`, () => {
  it('lists the answers naming the artist by the work they belong to', async () => {
    const check = (await asAdmin(t, admin, 'GET', checkUrl())).json<IdentityCheck>();
    expect(check.entries[0]!.answers.map((a) => [a.work, a.fieldId, a.label])).toEqual([
      [null, 'statement', 'Artist statement'],
      [2, 'description', 'Work 2: Description'],
    ]);
  });

  it("redacts the second work's description and the entry's statement, each once", async () => {
    const work = await asAdmin(t, admin, 'PUT', redactionUrl('description', '?work=2'), {
      text: 'Painted beside a window.',
    });
    expect(work.statusCode, work.body).toBe(200);
    const own = await asAdmin(t, admin, 'PUT', redactionUrl('statement'), { text: 'I paint.' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<IdentityCheck>().entries[0]!.answers.map((a) => a.redaction?.text)).toEqual([
      'I paint.',
      'Painted beside a window.',
    ]);
    expect(await redactions()).toEqual([
      { work_position: 0, field_id: 'statement', jury_text: 'I paint.' },
      { work_position: 2, field_id: 'description', jury_text: 'Painted beside a window.' },
    ]);
  });

  it('refuses a work that is not there or not a work, and a work for an answer asked once', async () => {
    const before = await redactions();
    for (const [url, status, fields] of [
      [redactionUrl('description', '?work=4'), 404, undefined],
      [redactionUrl('description', '?work=0'), 400, { work: REDACTION_MESSAGES.work }],
      [redactionUrl('description', '?work=two'), 400, { work: REDACTION_MESSAGES.work }],
      [redactionUrl('statement', '?work=1'), 400, { work: REDACTION_MESSAGES.workOfOnce }],
    ] as const) {
      const response = await asAdmin(t, admin, 'PUT', url, { text: 'x' });
      expect(response.statusCode, `${url} ${response.body}`).toBe(status);
      if (fields) expect(response.json().error.fields).toEqual(fields);
    }
    const notRedacted = await asAdmin(t, admin, 'DELETE', redactionUrl('description', '?work=3'));
    expect(notRedacted.statusCode).toBe(404);
    expect(await redactions()).toEqual(before);
  });

  it("shows a juror each work with its own redactions and the entry's", async () => {
    const juror = await addJuror(t, 'juror.works', 'Wen Orks');
    await setUpJudging(t, admin, competitionId, [juror.id], 1);
    const rounds = `/api/admin/competitions/${competitionId}/rounds`;
    const round = (await asAdmin(t, admin, 'POST', rounds, {})).json<RoundSummary>();
    expect((await asAdmin(t, admin, 'POST', `${rounds}/${round.id}/open`)).statusCode).toBe(200);
    const mine = (await asJuror(t, juror.token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
    let alias = mine.find((r) => r.id === round.id)?.firstAlias ?? null;
    const seen = new Map<string, Record<string, string>>();
    while (alias) {
      const url = `/api/jury/rounds/${round.id}/works/${alias}`;
      const work = (await asJuror(t, juror.token, 'GET', url)).json<Work>();
      const answers = Object.fromEntries(work.answers.map((a) => [a.label, a.value]));
      seen.set(answers['Artwork Title'] ?? '', answers);
      alias = work.nextAlias;
    }
    expect([...seen.keys()].sort()).toEqual(['Door', 'Wall', 'Window']);
    expect(seen.get('Window')).toMatchObject({
      Description: 'Painted beside a window.',
      'Artist statement': 'I paint.',
    });
    expect(seen.get('Door')).toMatchObject({
      Description: 'A quiet door.',
      'Artist statement': 'I paint.',
    });
    expect(seen.get('Wall')?.Description).toBe('A study.');
    const everything = JSON.stringify([...seen.values()]);
    expect(everything).not.toContain(artist.fullName);
  });
});
