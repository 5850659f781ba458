import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoundSummary } from '../../../../shared/schemas/jury.ts';
import { type Answer, envelope, renderAdmin, stubApi } from '../common/test-helpers.tsx';
import { roundDetailOf, roundOf, signedInJudgingScreen } from './judging-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const ROUNDS = '/api/admin/competitions/c1/rounds';
const PANEL_TOO_SMALL =
  'Each entry needs 2 jurors but the panel has 1. Add jurors or lower the number per entry.';

/** The judging screen with `rounds`; the bodies sent to create one. */
function stubRounds(rounds: RoundSummary[], routes: Parameters<typeof stubApi>[0] = {}) {
  const created: unknown[] = [];
  let list = rounds;
  const calls = stubApi({
    ...signedInJudgingScreen(),
    [`GET ${ROUNDS}`]: () => ({ status: 200, body: list }),
    [`POST ${ROUNDS}`]: (body): Answer => {
      created.push(body);
      const round = roundOf({ id: `r${list.length + 1}`, number: list.length + 1 });
      list = [...list, round];
      return { status: 201, body: round };
    },
    ...routes,
  });
  renderAdmin('/admin/judging/c1');
  return { calls, created };
}

const roundsRegion = () => screen.findByRole('region', { name: 'Rounds' });

describe('the rounds of a competition', () => {
  it('creates round 1, or says why not in the server’s words', async () => {
    let approved = false;
    const { created } = stubRounds([], {
      [`POST ${ROUNDS}`]: (body): Answer => {
        created.push(body);
        return approved
          ? { status: 201, body: roundOf() }
          : envelope(400, 'NO_ENTRIES', 'There are no approved entries to judge yet.');
      },
    });
    const user = userEvent.setup();
    const region = await roundsRegion();
    await user.click(await within(region).findByRole('button', { name: 'Create round 1' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'There are no approved entries to judge yet.',
    );
    approved = true;
    await user.click(within(region).getByRole('button', { name: 'Create round 1' }));
    expect(await screen.findByText('Round 1 created as a draft.')).toBeTruthy();
    expect(created).toEqual([{}, {}]);
  });

  it('opens a draft round after asking, and shows why the server refused', async () => {
    let refuse = true;
    const { calls } = stubRounds([roundOf()], {
      [`POST ${ROUNDS}/r1/open`]: () =>
        refuse
          ? envelope(400, 'PANEL_TOO_SMALL', PANEL_TOO_SMALL)
          : { status: 200, body: roundOf({ status: 'open' }) },
    });
    const user = userEvent.setup();
    const region = await roundsRegion();
    const table = await within(region).findByRole('table', { name: 'Rounds, first first' });
    expect(within(table).getByRole('row', { name: /Round 1 Draft/ })).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Open round 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Open round 1' });
    expect(calls).not.toContain(`POST ${ROUNDS}/r1/open`);
    await user.click(within(dialog).getByRole('button', { name: 'Open round' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(PANEL_TOO_SMALL);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Open round' }));
    expect(await screen.findByText('Round 1 opened.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes an open round after asking, and will not start another until then', async () => {
    const { calls } = stubRounds([roundOf({ status: 'open' })], {
      [`POST ${ROUNDS}/r1/close`]: { status: 200, body: roundOf({ status: 'closed' }) },
    });
    const user = userEvent.setup();
    const region = await roundsRegion();
    expect(
      await within(region).findByText(/Round 1 is open: the next round can be created once/),
    ).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Close round 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Close round 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Close round' }));
    expect(await screen.findByText('Round 1 closed.')).toBeTruthy();
    expect(calls).toContain(`POST ${ROUNDS}/r1/close`);
  });

  it('creates a later round from the top K by weighted mean', async () => {
    const { created } = stubRounds([roundOf({ status: 'closed' })], {
      [`GET ${ROUNDS}/r1`]: { status: 200, body: roundDetailOf() },
    });
    const user = userEvent.setup();
    const region = await roundsRegion();
    const form = await within(region).findByRole('form', { name: 'Create round 2' });
    await user.click(within(form).getByLabelText('Top K by weighted mean'));
    await user.clear(within(form).getByLabelText('How many entries (K) *'));
    await user.type(within(form).getByLabelText('How many entries (K) *'), '5');
    await user.click(within(form).getByRole('button', { name: 'Create round 2' }));
    expect(await screen.findByText('Round 2 created as a draft.')).toBeTruthy();
    expect(created).toEqual([{ shortlist: { top: 5, by: 'weighted' }, kind: 'score' }]);
    await waitFor(() => expect(within(region).queryByRole('form')).toBeNull());
  });

  it('carries over the entries picked by hand from the previous round’s standings', async () => {
    const { created } = stubRounds([roundOf({ status: 'closed' })], {
      [`GET ${ROUNDS}/r1`]: { status: 200, body: roundDetailOf() },
    });
    const user = userEvent.setup();
    const form = await within(await roundsRegion()).findByRole('form', { name: 'Create round 2' });
    await user.click(within(form).getByLabelText('Pick by hand'));
    await user.click(within(form).getByRole('button', { name: 'Create round 2' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Pick at least one entry to carry over.',
    );
    await user.click(await within(form).findByLabelText('Carry over B-02 (WS-2026-000010)'));
    await user.click(within(form).getByLabelText('Carry over A-01 (WS-2026-000001)'));
    await user.click(within(form).getByRole('button', { name: 'Create round 2' }));
    expect(await screen.findByText('Round 2 created as a draft.')).toBeTruthy();
    expect(created).toEqual([{ shortlist: { entries: ['s2', 's1'] }, kind: 'score' }]);
  });

  it('creates a ranking round from the closed round’s shortlist', async () => {
    const { created } = stubRounds([roundOf({ status: 'closed' })], {
      [`GET ${ROUNDS}/r1`]: { status: 200, body: roundDetailOf() },
    });
    const user = userEvent.setup();
    const form = await within(await roundsRegion()).findByRole('form', { name: 'Create round 2' });
    const kind = within(form).getByRole('group', { name: 'How round 2 is judged' });
    expect(within(kind).getByLabelText('Scores on criteria')).toHaveProperty('checked', true);
    await user.click(within(kind).getByLabelText('A ranking ballot'));
    await user.clear(within(form).getByLabelText('How many entries (K) *'));
    await user.type(within(form).getByLabelText('How many entries (K) *'), '3');
    await user.click(within(form).getByRole('button', { name: 'Create round 2' }));
    expect(await screen.findByText('Round 2 created as a draft.')).toBeTruthy();
    expect(created).toEqual([{ shortlist: { top: 3, by: 'normalised' }, kind: 'ranking' }]);
  });
});
