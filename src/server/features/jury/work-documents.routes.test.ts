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
import type { JurorRound, RoundSummary, Work } from '../../../shared/schemas/jury.ts';

/*
 * Documents and the jury: a document field shown to jurors is theirs to download, named by the
 * work's alias; one left hidden (a CV, hidden unless the admin shows it) never reaches them.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer <<>>\n%%EOF\n`);
const FIELDS: FormField[] = [
  ...DEFAULT_FORM_FIELDS,
  { id: 'statement', type: 'document', label: 'Statement', required: true, enabled: true },
  { id: 'cv', type: 'document', label: 'CV', required: true, enabled: true },
];
let juror: Awaited<ReturnType<typeof addJuror>>;
let workUrl: string;

beforeAll(async () => {
  const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const form = FIELDS.map((f) => (f.id === 'statement' ? { ...f, shownToJurors: true } : f));
  const { competition } = await addCompetition(t, {}, { form_fields: JSON.stringify(form) });
  juror = await addJuror(t, 'juror.gia', 'Gia Rao');
  await approvedEntry(t, admin, competition.id, artistNumbered(1), 'Tide', {
    files: {
      'fieldValues.statement': pdf('a statement about tides'),
      'fieldValues.cv': pdf('CV of Zenobia Quillfeather'),
    },
  });
  await setUpJudging(t, admin, competition.id, [juror.id], 1);
  const rounds = `/api/admin/competitions/${competition.id}/rounds`;
  const roundId = (await asAdmin(t, admin, 'POST', rounds, {})).json<RoundSummary>().id;
  expect((await asAdmin(t, admin, 'POST', `${rounds}/${roundId}/open`)).statusCode).toBe(200);
  const [round] = (await asJuror(t, juror.token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
  workUrl = `/api/jury/rounds/${roundId}/works/${round?.firstAlias ?? ''}`;
});

describe(`a work's documents for its juror on ${TEST_ENGINE}`, () => {
  it('lists and serves only the documents shown to jurors, named by the alias', async () => {
    const work = await asJuror(t, juror.token, 'GET', workUrl);
    expect(work.statusCode, work.body).toBe(200);
    const { documents, alias } = work.json<Work>();
    expect(documents).toEqual([{ label: 'Statement', url: `${workUrl}/documents/1` }]);
    expect(work.body).not.toContain('CV');

    const file = await asJuror(t, juror.token, 'GET', `${workUrl}/documents/1`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${alias}-document-1.pdf"`,
    );
    expect(file.body).toContain('a statement about tides');
    // The hidden CV is no second document.
    expect((await asJuror(t, juror.token, 'GET', `${workUrl}/documents/2`)).statusCode).toBe(404);
  });
});
