import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoundRanking } from '../../../../shared/schemas/results.ts';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { roundDetailOf, roundOf } from './judging-fixture.ts';
import { tieExplanation } from './ranking-section.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const ROUND = '/api/admin/competitions/c1/rounds/r2';
const NOTE = 'Ranked by the Schulze method.';
const TIE_BREAK_NOTE = 'Level entries go by the previous round’s normalised mean.';

/*
 * Three ballots on three entries: Clay Birds beats both; Rain and Autumn Ink are level (one ballot
 * each way), Rain placed above by its higher normalised mean in round 1.
 */
const RANKING: RoundRanking = {
  note: NOTE,
  tieBreakNote: TIE_BREAK_NOTE,
  ballots: 3,
  candidates: [
    { submissionId: 's1', workId: 's1', reference: 'WS-2026-000001', alias: 'A-01', title: 'Rain' },
    {
      submissionId: 's2',
      workId: 's2',
      reference: 'WS-2026-000010',
      alias: 'B-02',
      title: 'Clay Birds',
    },
    {
      submissionId: 's3',
      workId: 's3',
      reference: 'WS-2026-000002',
      alias: 'C-03',
      title: 'Autumn Ink',
    },
  ],
  pairwise: {
    s1: { s1: 0, s2: 1, s3: 1 },
    s2: { s1: 2, s2: 0, s3: 3 },
    s3: { s1: 1, s2: 0, s3: 0 },
  },
  strongest: {
    s1: { s1: 0, s2: 0, s3: 0 },
    s2: { s1: 2, s2: 0, s3: 3 },
    s3: { s1: 0, s2: 0, s3: 0 },
  },
  ranking: [
    {
      submissionId: 's2',
      workId: 's2',
      reference: 'WS-2026-000010',
      alias: 'B-02',
      place: 1,
      wins: 2,
      tieBrokenBy: 'none',
      tiedWith: [],
      previousNormalisedMean: 1.2,
      enteredAt: '2026-11-02T10:00:00.000Z',
    },
    {
      submissionId: 's1',
      workId: 's1',
      reference: 'WS-2026-000001',
      alias: 'A-01',
      place: 2,
      wins: 0,
      tieBrokenBy: 'previous-mean',
      tiedWith: ['s3'],
      previousNormalisedMean: 0.851,
      enteredAt: '2026-11-01T10:00:00.000Z',
    },
    {
      submissionId: 's3',
      workId: 's3',
      reference: 'WS-2026-000002',
      alias: 'C-03',
      place: 3,
      wins: 0,
      tieBrokenBy: 'previous-mean',
      tiedWith: ['s1'],
      previousNormalisedMean: -0.4,
      enteredAt: '2026-11-01T09:00:00.000Z',
    },
  ],
};

function renderRankingRound() {
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [adminCompetitionOf()] },
    [`GET ${ROUND}`]: {
      status: 200,
      body: roundDetailOf({
        round: roundOf({ id: 'r2', number: 2, status: 'open', kind: 'ranking' }),
        standings: [],
        progress: [
          ...roundDetailOf().progress,
          {
            jurorId: 'j3',
            name: 'Meera Das',
            done: 0,
            assigned: 3,
            lastActiveAt: null,
            conflicts: 0,
          },
        ],
      }),
    },
    [`GET ${ROUND}/ranking`]: { status: 200, body: RANKING },
  });
  renderAdmin('/admin/judging/c1/rounds/r2');
  return calls;
}

/** Each body row's cells, header cell first, as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('a ranking round', () => {
  it('shows the Schulze ranking, why each tie broke, and the tables behind it', async () => {
    renderRankingRound();
    const table = await screen.findByRole('table', { name: /^Ranking by the Schulze method/ });
    expect(screen.getByText('Ballots saved: 3 of 3 jurors')).toBeTruthy();
    expect(screen.getByText(NOTE)).toBeTruthy();
    expect(screen.getByText(TIE_BREAK_NOTE)).toBeTruthy();
    expect(rowsOf(table)).toEqual([
      ['1', 'WS-2026-000010', 'Clay Birds', '2', 'No tie.'],
      [
        '2',
        'WS-2026-000001',
        'Rain',
        '0',
        'Level with WS-2026-000002 by the ballots. Tie broken by the higher normalised mean in the previous round (0.85 vs -0.40).',
      ],
      [
        '3',
        'WS-2026-000002',
        'Autumn Ink',
        '0',
        'Level with WS-2026-000001 by the ballots. Tie broken by the higher normalised mean in the previous round (-0.40 vs 0.85).',
      ],
    ]);
    const pairwise = screen.getByRole('table', {
      name: 'Ballots preferring the row’s entry to the column’s',
    });
    expect(
      within(pairwise)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['WS-2026-000010', 'WS-2026-000001', 'WS-2026-000002']);
    // The larger count of each pair is bold, and a screen reader hears "(wins)" after it.
    expect(rowsOf(pairwise)).toEqual([
      ['WS-2026-000010', '—itself', '2 (wins)', '3 (wins)'],
      ['WS-2026-000001', '1', '—itself', '1'],
      ['WS-2026-000002', '0', '1', '—itself'],
    ]);
    const strongest = screen.getByRole('table', {
      name: 'Strongest path from the row’s entry to the column’s',
    });
    expect(strongest.closest('details')).toBeTruthy();
    expect(rowsOf(strongest)[0]).toEqual(['WS-2026-000010', '—itself', '2 (wins)', '3 (wins)']);
  });

  it('leaves out what only a scored round has: progress by scores, standings, reminders, CSV', async () => {
    const calls = renderRankingRound();
    await screen.findByRole('table', { name: /^Ranking by the Schulze method/ });
    expect(screen.getByText(/A ranking ballot · 3 entries/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Standings' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Progress' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reminder to jurors behind' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download scores (CSV)' })).toBeNull();
    expect(calls).toContain(`GET ${ROUND}/ranking`);
  });

  it('says a tie broken by the earlier entry, or not broken at all', () => {
    const [first, second] = RANKING.ranking.slice(1) as [
      RoundRanking['ranking'][number],
      RoundRanking['ranking'][number],
    ];
    expect(tieExplanation({ ...first, tieBrokenBy: 'earlier-entry' }, RANKING.ranking)).toBe(
      'Level with WS-2026-000002 by the ballots. Tie broken by the earlier entry.',
    );
    expect(tieExplanation({ ...second, tieBrokenBy: 'unbroken' }, RANKING.ranking)).toMatch(
      /^Level with WS-2026-000001 by the ballots. Tie not broken/,
    );
  });
});
