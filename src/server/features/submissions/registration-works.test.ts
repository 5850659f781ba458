import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { storedWorksOf } from '../../../../tests/setup/stored-answers.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../shared/schemas/form-field.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

beforeEach(() => clearRegistrations(t));

/** A statement the entry answers once, beside the default fields each work answers. */
const STATEMENT: FormField = {
  id: 'statement',
  label: 'Artist statement',
  type: 'text',
  required: true,
  enabled: true,
  perWork: false,
};
const WITH_STATEMENT = { form_fields: JSON.stringify([...DEFAULT_FORM_FIELDS, STATEMENT]) };

describe(`POST /api/submissions on ${TEST_ENGINE}: an entry and its work`, () => {
  it("keeps the answers asked once on the entry and the work's answers on its one work", async () => {
    const { competition } = await addCompetition(t, {}, WITH_STATEMENT);
    const data = registrationData(competition.id);
    data.fieldValues = { ...data.fieldValues, statement: 'I paint the rain.' } as never;
    const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: string }>().id;
    const entry = await db()
      .selectFrom('submissions')
      .select('field_values')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.field_values)).toEqual({ statement: 'I paint the rain.' });
    expect(await storedWorksOf(db(), id)).toEqual([
      {
        artworkTitle: 'Rain on the Ghats',
        artworkUrl: expect.stringMatching(new RegExp(`^private/submissions/${id}/artworkurl-`)),
        medium: 'Watercolour',
        size: 'A3',
        description: 'Clouds over the Sahyadri.',
      },
    ]);
    const works = await db()
      .selectFrom('entry_works')
      .select(['submission_id', 'position'])
      .execute();
    expect(works).toEqual([{ submission_id: id, position: 1 }]);
  });
});
