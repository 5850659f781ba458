import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../admin/common/test-helpers.tsx';
import { aRound, JUROR_SIGNED_IN, renderJury } from './jury-test-helpers.tsx';
import { NO_ROUNDS } from './rounds-page.tsx';

const round = (name: string) => screen.findByRole('region', { name });

describe('the juror’s rounds', () => {
  it('shows each round’s progress and the way to its next work', async () => {
    stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': {
        status: 200,
        body: [
          aRound(),
          aRound({
            id: 'r2',
            competition: 'Winter Light',
            done: 0,
            assigned: 8,
            nextAlias: 'W001',
          }),
          aRound({ id: 'r3', competition: 'Faces', done: 5, assigned: 5, nextAlias: null }),
        ],
      },
    });
    renderJury('/jury');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your rounds' })).toBeTruthy();

    const spring = await round('Spring Colours: round 1');
    expect(within(spring).getByText('12 of 40 scored')).toBeTruthy();
    expect(within(spring).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('12');
    const next = within(spring).getByRole('link', { name: 'Continue' });
    expect(next.getAttribute('href')).toBe('/jury/rounds/r1/works/W013');
    expect(next.getAttribute('aria-describedby')).toBe(
      within(spring).getByRole('heading').getAttribute('id'),
    );

    const winter = await round('Winter Light: round 1');
    expect(within(winter).getByText('0 of 8 scored')).toBeTruthy();
    expect(within(winter).getByRole('link', { name: 'Start' }).getAttribute('href')).toBe(
      '/jury/rounds/r2/works/W001',
    );

    const faces = await round('Faces: round 1');
    expect(within(faces).getByText('All works scored')).toBeTruthy();
    expect(
      within(faces).getByRole('link', { name: 'Look over your scores' }).getAttribute('href'),
    ).toBe('/jury/rounds/r3/works/W001');
    expect(screen.getByText('Signed in as asha')).toBeTruthy();
  });

  it('shows when an open round ends, in the site’s time zone', async () => {
    stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': {
        status: 200,
        body: [
          aRound({ endsAt: '2026-12-20T12:31:00.000Z' }),
          aRound({ id: 'r2', competition: 'Faces' }),
        ],
      },
    });
    renderJury('/jury');
    const spring = await round('Spring Colours: round 1');
    expect(within(spring).getByText(/^Ends 20 Dec 2026, 6:00/)).toBeTruthy();
    expect(within(await round('Faces: round 1')).queryByText(/^Ends /)).toBeNull();
  });

  it('shows a closed round as closed, with its works to look at but nothing to continue', async () => {
    stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': { status: 200, body: [aRound({ status: 'closed' })] },
    });
    renderJury('/jury');
    const spring = await round('Spring Colours: round 1');
    expect(within(spring).getByText('Closed')).toBeTruthy();
    expect(within(spring).getByText(/This round is closed/)).toBeTruthy();
    expect(within(spring).queryByRole('link', { name: /Continue|Start/ })).toBeNull();
    expect(
      within(spring).getByRole('link', { name: 'View your scores' }).getAttribute('href'),
    ).toBe('/jury/rounds/r1/works/W001');
  });

  it('says so when the juror sits on no round yet, and offers Try again when the list fails', async () => {
    let fail = true;
    stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': () =>
        fail
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Busy.' } } }
          : { status: 200, body: [] },
    });
    renderJury('/jury');
    expect((await screen.findByText('Busy.')).getAttribute('role')).toBe('alert');
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText(NO_ROUNDS)).toBeTruthy();
  });

  it('names the round a notice is about, beside another round with its own progress', async () => {
    stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': {
        status: 200,
        body: [
          aRound({ id: 'r2', number: 2, done: 0, assigned: 8, nextAlias: 'W001' }),
          aRound({ done: 40, assigned: 40, nextAlias: null }),
        ],
      },
    });
    renderJury({ pathname: '/jury', state: { notice: 'All works scored', roundId: 'r1' } });
    const status = await screen.findByText('Spring Colours, round 1: All works scored');
    expect(status.closest('[role="status"]')).toBeTruthy();
    const next = await round('Spring Colours: round 2');
    expect(within(next).getByText('0 of 8 scored')).toBeTruthy();
    expect(within(next).queryByText('All works scored')).toBeNull();
    expect(within(next).getByRole('link', { name: 'Start' })).toBeTruthy();
  });
});
