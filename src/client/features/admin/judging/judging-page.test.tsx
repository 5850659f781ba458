import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Judging, JudgingInput } from '../../../../shared/schemas/jury.ts';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { type Answer, envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { judgingOf, judgingScreenAnswers, JURORS, roundOf } from './judging-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const JUDGING = '/api/admin/competitions/c1/judging';
const SAVE = `PUT ${JUDGING}`;
const CRITERIA_FIXED =
  'The criteria cannot change once a round has opened: the scores already given are against them.';

/** The set-up as the server answers a save of `input`. */
function asSaved(input: JudgingInput): Judging {
  return {
    ...judgingOf(),
    criteria: input.criteria.map((c, i) => ({
      description: '',
      required: true,
      ...c,
      id: c.id ?? `new-${i}`,
    })),
    panel: JURORS.filter((j) => input.panel.includes(j.id)).map(({ id, name, username }) => ({
      id,
      name,
      username,
    })),
    jurorsPerEntry: input.jurorsPerEntry,
    publishJury: input.publishJury,
  };
}

/** The judging screen over a fake server; the bodies the set-up's save sent. */
function stubJudging(url: string, routes: Parameters<typeof stubApi>[0] = {}) {
  const saved: unknown[] = [];
  const calls = stubApi({
    ...judgingScreenAnswers(),
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': {
      status: 200,
      body: [adminCompetitionOf(), adminCompetitionOf({ id: 'c2', title: 'Clay Days' })],
    },
    'GET /api/admin/jurors': { status: 200, body: JURORS },
    [`GET ${JUDGING}`]: { status: 200, body: judgingOf() },
    'GET /api/admin/competitions/c1/rounds': { status: 200, body: [] },
    [SAVE]: (body) => {
      saved.push(body);
      return { status: 200, body: asSaved(body as JudgingInput) };
    },
    ...routes,
  });
  renderAdmin(url);
  return { calls, saved };
}

const setUp = () => screen.findByRole('form', { name: 'Judging set-up' });
const criterion = (form: HTMLElement, n: number) =>
  within(form).getByRole('group', { name: `Criterion ${n}` });

describe('the judging screen', () => {
  it('shows a competition’s judging once it is chosen', async () => {
    stubJudging('/admin/judging');
    const user = userEvent.setup();
    expect(await screen.findByText('Choose a competition to set up its judging.')).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText('Competition'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Show judging' }));
    expect(screen.getByTestId('location').textContent).toBe('/admin/judging/c1');
    expect(await screen.findByRole('heading', { name: 'Judging: Monsoon Colours' })).toBeTruthy();
    const form = await setUp();
    expect((within(criterion(form, 1)).getByLabelText('Name *') as HTMLInputElement).value).toBe(
      'Composition',
    );
  });

  it('saves criteria (kept ids, a new one, a new order), the panel, N and the jury’s names', async () => {
    const { saved } = stubJudging('/admin/judging/c1');
    const user = userEvent.setup();
    const form = await setUp();
    await user.click(
      within(criterion(form, 1)).getByRole('button', { name: 'Move down criterion 1' }),
    );
    // Focus stays on the moved row's button, now that of criterion 2 (the last: 'Move up').
    expect(document.activeElement?.textContent).toBe('Move up criterion 2');
    await user.click(within(form).getByRole('button', { name: 'Add criterion' }));
    const added = criterion(form, 3);
    await user.type(within(added).getByLabelText('Name *'), 'Originality');
    await user.clear(within(added).getByLabelText('Weight *'));
    await user.type(within(added).getByLabelText('Weight *'), '1.5');
    await user.click(within(form).getByLabelText('Lena Park (lena)'));
    await user.click(within(form).getByLabelText('Asha Rao (asha.rao)'));
    await user.clear(within(form).getByLabelText('Jurors per entry *'));
    await user.type(within(form).getByLabelText('Jurors per entry *'), '3');
    await user.click(within(form).getByLabelText('Show the jury’s names on the competition page'));
    await user.click(within(form).getByRole('button', { name: 'Save set-up' }));
    expect(await screen.findByText('Judging set-up saved')).toBeTruthy();
    const [composition, technique] = judgingOf().criteria;
    expect(saved).toEqual([
      {
        criteria: [
          technique,
          composition,
          {
            name: 'Originality',
            description: '',
            weight: 1.5,
            scaleMin: 1,
            scaleMax: 10,
            required: true,
          },
        ],
        panel: ['j3'],
        jurorsPerEntry: 3,
        publishJury: true,
      },
    ]);
  });

  it('shows the server’s message under a criterion’s field, and the save’s failure above', async () => {
    stubJudging('/admin/judging/c1', {
      [SAVE]: envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        'criteria.1.scaleMax': 'The highest score must be above the lowest',
      }),
    });
    const user = userEvent.setup();
    const form = await setUp();
    await user.click(within(form).getByRole('button', { name: 'Save set-up' }));
    const message = await within(criterion(form, 2)).findByText(
      'The highest score must be above the lowest',
    );
    const highest = within(criterion(form, 2)).getByLabelText('Highest score *');
    expect(highest.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(highest);
    expect(within(form).getByRole('alert').textContent).toBe('Failed to save the judging set-up');
  });

  it('checks a criterion in the browser before sending anything', async () => {
    const { calls } = stubJudging('/admin/judging/c1');
    const user = userEvent.setup();
    const form = await setUp();
    await user.clear(within(criterion(form, 1)).getByLabelText('Name *'));
    await user.click(within(form).getByRole('button', { name: 'Save set-up' }));
    expect(await within(criterion(form, 1)).findByText('Name is required')).toBeTruthy();
    expect(calls).not.toContain(SAVE);
  });

  it('says plainly that the criteria are fixed once a round has opened', async () => {
    stubJudging('/admin/judging/c1', {
      'GET /api/admin/competitions/c1/rounds': {
        status: 200,
        body: [roundOf({ status: 'open', openedAt: '2026-12-01T09:00:00.000Z' })],
      },
      [SAVE]: envelope(409, 'CRITERIA_FIXED', CRITERIA_FIXED),
    });
    const user = userEvent.setup();
    const form = await setUp();
    expect(
      await within(form).findByText(/A round has opened: the criteria are fixed/),
    ).toBeTruthy();
    await user.click(
      within(criterion(form, 2)).getByRole('button', { name: 'Remove criterion 2' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save set-up' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        `Failed to save the judging set-up. ${CRITERIA_FIXED}`,
      ),
    );
  });

  it('adds and removes a declared conflict, saying where the works it took went', async () => {
    const withConflict = judgingOf({
      conflicts: [{ id: 'x1', jurorId: 'j2', jurorName: 'Vikram Sen', email: 'ravi@example.com' }],
    });
    const bodies: unknown[] = [];
    const { calls } = stubJudging('/admin/judging/c1', {
      [`POST ${JUDGING}/conflicts`]: (body): Answer => {
        bodies.push(body);
        // In an open round the conflict took two works from the juror.
        const taken = [
          { round: 2, alias: 'W002', reassigned: true },
          { round: 2, alias: 'W007', reassigned: false },
        ];
        return { status: 200, body: { ...withConflict, taken } };
      },
      [`DELETE ${JUDGING}/conflicts/x1`]: { status: 200, body: judgingOf() },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a conflict' });
    expect(screen.getByText('No conflicts declared.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add conflict' }));
    const juror = within(form).getByLabelText('Juror *');
    await waitFor(() => expect(juror.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = juror.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Choose a juror');
    expect(calls).not.toContain(`POST ${JUDGING}/conflicts`);
    await user.selectOptions(within(form).getByLabelText('Juror *'), 'j2');
    await user.type(within(form).getByLabelText('Artist’s e-mail *'), 'Ravi@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Add conflict' }));
    const table = await screen.findByRole('table', { name: 'Declared conflicts' });
    expect(bodies).toEqual([{ jurorId: 'j2', email: 'ravi@example.com' }]);
    expect(
      await screen.findByText(
        'Conflict added: ravi@example.com Work W002 of round 2 passed to another juror. Work W007 of round 2 is now short of a juror.',
      ),
    ).toBeTruthy();
    await user.click(
      within(table).getByRole('button', {
        name: 'Remove conflict of Vikram Sen with ravi@example.com',
      }),
    );
    expect(await screen.findByText('No conflicts declared.')).toBeTruthy();
    expect(calls).toContain(`DELETE ${JUDGING}/conflicts/x1`);
  });
});
