import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { NORMALISATION_NOTE, OUTLIER_NOTE, roundDetailOf } from './judging-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const ROUND = '/api/admin/competitions/c1/rounds/r1';

function stubRound(routes: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [adminCompetitionOf()] },
    [`GET ${ROUND}`]: { status: 200, body: roundDetailOf() },
    [`POST ${ROUND}/reminders`]: { status: 200, body: { reminded: 2 } },
    ...routes,
  });
  renderAdmin('/admin/judging/c1/rounds/r1');
  return calls;
}

const standings = () => screen.findByRole('table', { name: /^Standings/ });
/** The aliases in the order the table shows them. */
const aliases = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const sortOf = (table: HTMLElement) =>
  Object.fromEntries(
    within(table)
      .getAllByRole('columnheader')
      .map((heading) => [
        heading.textContent?.replace(/[▲▼]/, ''),
        heading.getAttribute('aria-sort'),
      ]),
  );

describe('a round', () => {
  it('shows each juror’s progress, the whole round’s, and the two notes', async () => {
    stubRound();
    expect(await screen.findByRole('heading', { name: 'Round 1', level: 1 })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Back to the judging of Monsoon Colours' }),
    ).toBeTruthy();
    expect(screen.getByText('Overall: 37% scored (3 of 8 works)')).toBeTruthy();
    const progress = screen.getByRole('table', { name: 'Progress by juror' });
    const row = (name: string) =>
      [
        ...within(progress).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td'),
      ].map((cell) => cell.textContent);
    expect(row('Asha Rao')[0]).toBe('3 / 4');
    expect(row('Asha Rao')[2]).toBe('1');
    expect(row('Vikram Sen')).toEqual(['0 / 4', 'Not yet', '0']);
    expect(screen.getByText(NORMALISATION_NOTE)).toBeTruthy();
    expect(screen.getByText(OUTLIER_NOTE)).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Download scores (CSV)' });
    expect(csv.getAttribute('href')).toBe(`${ROUND}/scores.csv`);
    const conflicts = screen.getByRole('table', { name: 'Conflicts declared' });
    expect(within(conflicts).getByText('I taught this artist.')).toBeTruthy();
  });

  it('sorts the standings by any column, the unscored last, and says how', async () => {
    stubRound();
    const user = userEvent.setup();
    const table = await standings();
    // Best first by normalised mean, two decimals.
    expect(aliases(table)).toEqual(['B-02', 'A-01', 'C-03']);
    expect(sortOf(table)['Normalised mean']).toBe('descending');
    expect(sortOf(table).Alias).toBe('none');
    const first = within(table).getAllByRole('row')[1]!;
    expect([...first.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'WS-2026-000010',
      'Clay Birds',
      '8.25',
      '1.23',
      '2',
      '3.50',
      'Yes',
      'No',
    ]);

    await user.click(within(table).getByRole('button', { name: 'Normalised mean' }));
    expect(aliases(table)).toEqual(['A-01', 'B-02', 'C-03']);
    expect(sortOf(table)['Normalised mean']).toBe('ascending');

    await user.click(within(table).getByRole('button', { name: 'Title' }));
    expect(aliases(table)).toEqual(['C-03', 'B-02', 'A-01']);
    expect(sortOf(table)).toMatchObject({ Title: 'ascending', 'Normalised mean': 'none' });

    await user.click(within(table).getByRole('button', { name: 'Reference' }));
    expect(aliases(table)).toEqual(['A-01', 'C-03', 'B-02']);
    await user.click(within(table).getByRole('button', { name: 'Reference' }));
    expect(aliases(table)).toEqual(['B-02', 'C-03', 'A-01']);
    expect(sortOf(table).Reference).toBe('descending');

    await user.click(within(table).getByRole('button', { name: 'Short of jurors' }));
    expect(aliases(table)[0]).toBe('C-03');
    expect(table.querySelector('caption')?.textContent).toBe(
      'Standings, sorted by short of jurors, descending',
    );
  });

  it('reminds the jurors who are behind and says how many', async () => {
    const calls = stubRound();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reminder to jurors behind' }));
    expect(await screen.findByText('Reminded 2 jurors')).toBeTruthy();
    expect(calls).toContain(`POST ${ROUND}/reminders`);
  });
});
