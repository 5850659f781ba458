import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Ballot } from '../../../shared/schemas/results.ts';
import { envelope, stubApi } from '../admin/common/test-helpers.tsx';
import { BALLOT_CLOSED, NOT_SAVED_YET, RANKING_SAVED, UNSAVED_CHANGES } from './ballot-page.tsx';
import { aRound, JUROR_SIGNED_IN, renderJury, ROUND_ID } from './jury-test-helpers.tsx';

const BALLOT = `/api/jury/rounds/${ROUND_ID}/ballot`;
const RANKING_ROUND = aRound({ kind: 'ranking', done: 0, assigned: 3, nextAlias: 'W001' });

const aBallot = (overrides: Partial<Ballot> = {}): Ballot => ({
  aliases: ['W001', 'W002', 'W003'],
  ranking: [],
  roundOpen: true,
  ...overrides,
});

/** The ballot page with the server's ballot; each PUT's ranking is kept, and answered as saved. */
function renderBallot(
  ballot: Ballot | (() => Ballot),
  put?: (ranking: string[]) => ReturnType<typeof envelope>,
) {
  const saved: string[][] = [];
  const current = () => (typeof ballot === 'function' ? ballot() : ballot);
  stubApi({
    'GET /api/auth/session': JUROR_SIGNED_IN,
    'GET /api/jury/rounds': { status: 200, body: [RANKING_ROUND] },
    [`GET ${BALLOT}`]: () => ({ status: 200, body: current() }),
    [`PUT ${BALLOT}`]: (body) => {
      const { ranking } = body as { ranking: string[] };
      saved.push(ranking);
      return put ? put(ranking) : { status: 200, body: { ...current(), ranking } };
    },
  });
  renderJury(`/jury/rounds/${ROUND_ID}/ballot`);
  return saved;
}

/** Whether closing the tab now would ask first. */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
const ranking = () => screen.findByRole('list', { name: 'Your ranking, best first' });
/** The works' aliases in the order the list shows them. */
const orderShown = async () =>
  within(await ranking())
    .getAllByRole('listitem')
    .map((item) => /Work (W\d{3})/.exec(item.textContent)?.[1]);

describe('a juror’s ranking ballot', () => {
  it('leads a ranking round from the rounds page to its ballot, not to scoring', async () => {
    stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': {
        status: 200,
        body: [RANKING_ROUND, aRound({ id: 'r2', kind: 'ranking', status: 'closed' })],
      },
    });
    renderJury('/jury');
    const open = await screen.findAllByRole('region', { name: 'Spring Colours: round 1' });
    // Its own progress: works placed on the saved ballot, never 'scored'.
    expect(within(open[0]!).getByRole('progressbar', { name: 'Works ranked' })).toBeTruthy();
    expect(within(open[0]!).queryByText(/scored/)).toBeNull();
    expect(within(open[0]!).getByText(/put the 3 works in your order/)).toBeTruthy();
    expect(
      within(open[0]!).getByRole('link', { name: 'Rank the works' }).getAttribute('href'),
    ).toBe(`/jury/rounds/${ROUND_ID}/ballot`);
    expect(
      within(open[1]!).getByRole('link', { name: 'View your ranking' }).getAttribute('href'),
    ).toBe('/jury/rounds/r2/ballot');
  });

  it('moves a work by its Move buttons, says so, keeps focus on it and saves the new order', async () => {
    const saved = renderBallot(aBallot());
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rank the works' })).toBeTruthy();
    expect(await screen.findByText('Spring Colours: round 1')).toBeTruthy();
    expect(await orderShown()).toEqual(['W001', 'W002', 'W003']);
    expect(screen.getByText(NOT_SAVED_YET)).toBeTruthy();
    const thumbnail = (await ranking()).querySelector('img');
    expect(thumbnail?.getAttribute('src')).toBe(`/api/jury/rounds/${ROUND_ID}/works/W001/images/1`);
    expect(screen.getByRole('button', { name: 'Move up work W001' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Move up work W003' }));
    expect(await orderShown()).toEqual(['W001', 'W003', 'W002']);
    expect(screen.getByText('Work W003 moved to place 2 of 3.')).toBeTruthy();
    // At the top, the Move up button is gone from use: focus goes to the work's Move down.
    await user.keyboard('{Enter}');
    expect(await orderShown()).toEqual(['W003', 'W001', 'W002']);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move down work W003' }),
    );
    expect(screen.getByText('Work W003 moved to place 1 of 3.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move down work W001' }));
    expect(await orderShown()).toEqual(['W003', 'W002', 'W001']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up work W001' }));

    expect(leavingAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save ranking' }));
    expect(await screen.findByText(RANKING_SAVED)).toBeTruthy();
    expect(saved).toEqual([['W003', 'W002', 'W001']]);
    expect(leavingAsks()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Move up work W001' }));
    expect(screen.getByText(UNSAVED_CHANGES)).toBeTruthy();
  });

  it('starts from the saved ranking, the works it leaves out after it', async () => {
    renderBallot(aBallot({ ranking: ['W002'] }));
    expect(await orderShown()).toEqual(['W002', 'W001', 'W003']);
    expect(screen.getByText(UNSAVED_CHANGES)).toBeTruthy();
  });

  it('shows a closed round’s ranking read-only, with nothing to move or save', async () => {
    renderBallot(aBallot({ ranking: ['W003', 'W001', 'W002'], roundOpen: false }));
    expect(await screen.findByText(BALLOT_CLOSED)).toBeTruthy();
    expect(await orderShown()).toEqual(['W003', 'W001', 'W002']);
    expect(screen.queryByRole('button', { name: /Move|Save ranking/ })).toBeNull();
  });

  it('a save refused because the round closed meanwhile shows the ballot read-only, saying it closed', async () => {
    let closed = false;
    const saved = renderBallot(
      () => aBallot({ roundOpen: !closed }),
      () => {
        closed = true;
        return envelope(409, 'ROUND_CLOSED', 'This round has closed.');
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save ranking' }));
    expect(saved).toEqual([['W001', 'W002', 'W003']]);
    expect(await screen.findByText(BALLOT_CLOSED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save ranking' })).toBeNull();
  });
});
