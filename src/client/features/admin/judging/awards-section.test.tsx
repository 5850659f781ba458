import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Award, AwardsInput, ProposedAwards } from '../../../../shared/schemas/results.ts';
import { envelope, renderAdmin, stubApi } from '../common/test-helpers.tsx';
import { roundOf, signedInJudgingScreen } from './judging-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const AWARDS = '/api/admin/competitions/c1/awards';
const NO_CLOSED_ROUND = 'No round of judging has closed yet: close a round to rank its entries.';

const entry = (n: number) => ({
  submissionId: `s${n}`,
  workId: `w${n}`,
  reference: `WS-2026-00000${n}`,
  artworkTitle: `Work ${n}`,
});

const PROPOSAL: ProposedAwards = {
  roundId: 'r1',
  roundNumber: 1,
  awards: [
    { ...entry(1), title: 'First', prize: '', normalisedMean: 1.2 },
    { ...entry(2), title: 'Second', prize: '', normalisedMean: 0.4 },
    { ...entry(3), title: 'Third', prize: '', normalisedMean: -0.1 },
  ],
};

/** The awards as the server answers a save of `input`. */
const asSaved = (input: AwardsInput): Award[] =>
  input.awards.map((award, i) => ({
    ...entry(Number(award.submissionId.slice(1))),
    ...award,
    id: `a${i}`,
    position: i,
  }));

/** The judging screen of c1 with `awards` saved; the bodies its saves sent. */
function stubAwards(awards: Award[], routes: Parameters<typeof stubApi>[0] = {}) {
  const saved: unknown[] = [];
  stubApi({
    ...signedInJudgingScreen(),
    'GET /api/admin/competitions/c1/rounds': {
      status: 200,
      body: [roundOf({ status: 'closed' })],
    },
    [`GET ${AWARDS}`]: { status: 200, body: awards },
    [`GET ${AWARDS}/proposal`]: { status: 200, body: PROPOSAL },
    [`PUT ${AWARDS}`]: (body) => {
      saved.push(body);
      return { status: 200, body: asSaved(body as AwardsInput) };
    },
    ...routes,
  });
  renderAdmin('/admin/judging/c1');
  return { saved };
}

const awardsRegion = () => screen.findByRole('region', { name: 'Awards' });
const propose = (region: HTMLElement) =>
  within(region).findByRole('button', { name: 'Propose from the last closed round' });
const table = (region: HTMLElement) =>
  within(region).findByRole('table', { name: 'Awards, in the order they are shown' });

describe('the awards of a competition', () => {
  it('fills the list from the proposal, takes edits and saves them in order', async () => {
    const { saved } = stubAwards([]);
    const user = userEvent.setup();
    const region = await awardsRegion();
    expect(await within(region).findByText('No awards yet.')).toBeTruthy();
    await user.click(await propose(region));
    const list = await table(region);
    expect(screen.getByText('Awards proposed from round 1. Save to keep them.')).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['WS-2026-000001', 'WS-2026-000002', 'WS-2026-000003']);

    await user.selectOptions(
      within(list).getByLabelText('Award title for WS-2026-000002'),
      'other',
    );
    await user.type(
      within(list).getByLabelText('Other title for WS-2026-000002'),
      'Jury’s special mention',
    );
    await user.type(within(list).getByLabelText('Prize for WS-2026-000001'), '₹50,000');
    await user.selectOptions(
      within(list).getByLabelText('Award title for WS-2026-000003'),
      'Honourable mention',
    );
    await user.click(within(list).getByRole('button', { name: 'Move up WS-2026-000003' }));
    expect(document.activeElement?.textContent).toBe('Move up WS-2026-000003');
    await user.click(within(list).getByRole('button', { name: 'Remove WS-2026-000001' }));

    await user.click(within(region).getByRole('button', { name: 'Save awards' }));
    expect(await screen.findByText('Awards saved.')).toBeTruthy();
    expect(saved).toEqual([
      {
        awards: [
          { submissionId: 's3', workId: 'w3', title: 'Honourable mention', prize: '' },
          { submissionId: 's2', workId: 'w2', title: 'Jury’s special mention', prize: '' },
        ],
      },
    ]);
  });

  it('asks before a proposal replaces a list that has awards', async () => {
    stubAwards(asSaved({ awards: [{ submissionId: 's4', title: 'Best debut', prize: 'A book' }] }));
    const user = userEvent.setup();
    const region = await awardsRegion();
    const list = await table(region);
    expect(
      (within(list).getByLabelText('Other title for WS-2026-000004') as HTMLInputElement).value,
    ).toBe('Best debut');
    await user.click(await propose(region));
    const dialog = screen.getByRole('dialog', { name: 'Replace the awards' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getAllByRole('rowheader')).toHaveLength(1);
    await user.click(await propose(region));
    await user.click(screen.getByRole('button', { name: 'Replace with the proposal' }));
    await waitFor(() => expect(within(list).getAllByRole('rowheader')).toHaveLength(3));
  });

  it('shows a refused field under the row it belongs to', async () => {
    stubAwards([], {
      [`PUT ${AWARDS}`]: envelope(400, 'VALIDATION_ERROR', 'Some awards are not valid.', {
        'awards.1.submissionId': 'This entry is not an approved entry of the competition.',
        'awards.2.prize': 'Prize is too long',
      }),
    });
    const user = userEvent.setup();
    const region = await awardsRegion();
    await user.click(await propose(region));
    const list = await table(region);
    await user.click(within(region).getByRole('button', { name: 'Save awards' }));
    expect((await within(region).findAllByRole('alert'))[0]?.textContent).toBe(
      'The awards were not saved: see the messages in the list.',
    );
    const rows = within(list).getAllByRole('row').slice(1);
    expect(
      within(rows[1] as HTMLElement).getByText(
        'This entry is not an approved entry of the competition.',
      ),
    ).toBeTruthy();
    const prize = within(list).getByLabelText('Prize for WS-2026-000003');
    expect(prize.getAttribute('aria-invalid')).toBe('true');
    expect(prize.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(prize.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Prize is too long',
    );
    expect(
      within(rows[0] as HTMLElement).queryByText(/Prize is too long|not an approved/),
    ).toBeNull();
  });

  it('says in the server’s words when no round has closed', async () => {
    const { saved } = stubAwards([], {
      [`GET ${AWARDS}/proposal`]: envelope(409, 'NO_CLOSED_ROUND', NO_CLOSED_ROUND),
    });
    const user = userEvent.setup();
    const region = await awardsRegion();
    await user.click(await propose(region));
    expect((await within(region).findByRole('alert')).textContent).toBe(NO_CLOSED_ROUND);
    expect(within(region).getByText('No awards yet.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe('the awards of a competition: choosing the work of an entry of several', () => {
  const works = [1, 2, 3].map((n) => ({
    id: `s1-w${n}`,
    number: n,
    title: ['Tide', 'Harbour', 'Lantern'][n - 1]!,
    alias: `A-10${n}`,
    thumbnailUrl: `/api/admin/files/submissions/s1/artworkurl-${n}-display.webp`,
  }));
  const tide: Award = {
    ...entry(1),
    workId: 's1-w1',
    artworkTitle: 'Tide',
    id: 'a0',
    title: 'First',
    prize: '',
    position: 0,
    works,
  };

  it('offers each work with its alias, title and thumbnail; the keyboard moves the award to the second', async () => {
    const { saved } = stubAwards([tide], {
      [`PUT ${AWARDS}`]: (body) => {
        saved.push(body);
        return { status: 200, body: [{ ...tide, workId: 's1-w2', artworkTitle: 'Harbour' }] };
      },
    });
    const user = userEvent.setup();
    const list = await table(await awardsRegion());
    const group = within(list).getByRole('group', {
      name: 'Work of WS-2026-000001 that gets the award',
    });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([true, false, false]);
    expect(within(group).getByRole('radio', { name: 'Work 2 · A-102 Harbour' })).toBeTruthy();
    expect(group.querySelectorAll('img')).toHaveLength(3);
    radios[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(radios[1]);
    await user.click(screen.getByRole('button', { name: 'Save awards' }));
    expect(await screen.findByText('Awards saved.')).toBeTruthy();
    expect(saved).toEqual([
      { awards: [{ submissionId: 's1', workId: 's1-w2', title: 'First', prize: '' }] },
    ]);
  });

  it("shows the server's refusal of the work under the chooser and focuses the chosen work", async () => {
    stubAwards([tide], {
      [`PUT ${AWARDS}`]: envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        'awards.0.workId': 'Choose a work of this entry',
      }),
    });
    const user = userEvent.setup();
    const list = await table(await awardsRegion());
    await user.click(screen.getByRole('button', { name: 'Save awards' }));
    expect(await within(list).findByText('Choose a work of this entry')).toBeTruthy();
    const group = within(list).getByRole('group', {
      name: 'Work of WS-2026-000001 that gets the award',
    });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]),
    );
  });
});
