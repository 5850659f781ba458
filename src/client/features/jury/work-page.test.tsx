import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Work } from '../../../shared/schemas/jury.ts';
import { type Answer, envelope, stubApi, userOnFakeClock } from '../admin/common/test-helpers.tsx';
import {
  aWork,
  currentLocation,
  JUROR_SIGNED_IN,
  renderJury,
  workPath,
} from './jury-test-helpers.tsx';
import { CLOSED_NOTICE } from './work-screen.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.sessionStorage.clear();
});

const SCORES = `PUT ${workPath('W013')}/scores`;

/** The juror's session, work W013 (and W014 after it), and the save answered by `save`. */
function stubWork(save: (body: unknown) => Answer | Promise<Answer>, work: Work = aWork()) {
  const sent: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': JUROR_SIGNED_IN,
    [`GET ${workPath('W013')}`]: { status: 200, body: work },
    [`GET ${workPath('W014')}`]: {
      status: 200,
      body: aWork({ alias: 'W014', position: 14, done: 13, previousAlias: 'W013' }),
    },
    [SCORES]: (body) => {
      sent.push(body);
      return save(body);
    },
    'GET /api/jury/rounds': { status: 200, body: [] },
  });
  renderJury('/jury/rounds/r1/works/W013');
  return { calls, sent };
}

const savedAs = (body: unknown): Answer => ({
  status: 200,
  body: aWork({ ...(body as Pick<Work, 'scores' | 'comment'>), done: 13 }),
});

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });

describe('scoring a work', () => {
  it('shows the work, its answers and criteria, and scores with number keys and arrows', async () => {
    const { sent } = stubWork(savedAs);
    expect(await screen.findByText('Work 13 of 40')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Work W013' })).toBeTruthy();
    expect(screen.getByText('12 of 40 scored')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom in: Artwork' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom in: Detail' })).toBeTruthy();
    expect(screen.getByText('Monsoon Evening')).toBeTruthy();
    expect(screen.getByText('How the parts of the picture work together.')).toBeTruthy();
    expect(within(group('Composition')).getAllByRole('radio')).toHaveLength(10);

    const user = userEvent.setup();
    await user.click(within(group('Composition')).getByRole('radio', { name: '3' }));
    await user.keyboard('7');
    const seven = within(group('Composition')).getByRole('radio', { name: '7' });
    expect((seven as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(seven);
    // '0' is 10 on a scale from 1 to 10; a key off the scale changes nothing.
    await user.keyboard('0');
    expect(
      (within(group('Composition')).getByRole('radio', { name: '10' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(group('Originality')).getByRole('radio', { name: '0' }));
    await user.keyboard('9');
    await user.keyboard('4');
    await user.keyboard('{ArrowRight}');
    expect(
      (within(group('Originality')).getByRole('radio', { name: '5' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.type(screen.getByLabelText('Comment'), 'Strong light.');
    await user.type(screen.getByLabelText(/^Feedback for the artist/), 'The horizon is bold.');

    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await screen.findByText('Work 14 of 40');
    const next = screen.getByRole('heading', { level: 1, name: 'Work W014' });
    expect(sent).toEqual([
      { scores: { c1: 10, c2: 5 }, comment: 'Strong light.', feedback: 'The horizon is bold.' },
    ]);
    expect(currentLocation()).toBe('/jury/rounds/r1/works/W014');
    expect(document.activeElement).toBe(next);
    expect(screen.getByText('Scores for work W013 saved.').getAttribute('role')).toBe('status');
  });

  it('says which required criterion is left out, without asking the server', async () => {
    const { sent } = stubWork(savedAs);
    const user = userEvent.setup();
    await screenGroup('Composition');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    const radio = within(group('Composition')).getAllByRole('radio')[0] as HTMLElement;
    expect(radio.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(radio);
    const described = group('Composition').getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'Score this criterion',
    );
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal under the criterion it names', async () => {
    const { sent } = stubWork(() =>
      envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        'scores.c2': 'Give a score from 0 to 5',
      }),
    );
    const user = userEvent.setup();
    await user.click(within(await screenGroup('Composition')).getByRole('radio', { name: '6' }));
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await within(group('Originality')).findByText('Give a score from 0 to 5')).toBeTruthy();
    expect(screen.getByText(/Some scores need your attention/).getAttribute('role')).toBe('alert');
    // A refused sheet is not sent again, and the page stays.
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(currentLocation()).toBe('/jury/rounds/r1/works/W013');
  });

  it('shows a refused feedback under its field, and keeps what was typed', async () => {
    const tooLong = 'Keep the feedback to 2000 characters';
    stubWork(() =>
      envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', { feedback: tooLong }),
    );
    const user = userEvent.setup();
    await user.click(within(await screenGroup('Composition')).getByRole('radio', { name: '6' }));
    const feedback = screen.getByLabelText(/^Feedback for the artist/);
    await user.type(feedback, 'Lovely.');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByText(tooLong)).toBeTruthy();
    expect(feedback.getAttribute('aria-invalid')).toBe('true');
    expect((feedback as HTMLTextAreaElement).value).toBe('Lovely.');
  });

  it('sends the same sheet again after a network error, and goes on once it is saved', async () => {
    let tries = 0;
    const { sent } = stubWork((body) => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      return savedAs(body);
    });
    const user = userOnFakeClock();
    await user.click(within(await screenGroup('Composition')).getByRole('radio', { name: '8' }));
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect(await screen.findByText(/trying again \(1 of 3\)/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Work W014' })).toBeTruthy();
    expect(sent).toEqual([
      { scores: { c1: 8 }, comment: '', feedback: '' },
      { scores: { c1: 8 }, comment: '', feedback: '' },
    ]);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps the sheet and offers Try again once the retries have failed', async () => {
    let down = true;
    const { sent } = stubWork((body) => {
      if (down) return { status: 503 };
      return savedAs(body);
    });
    const user = userOnFakeClock();
    await user.click(within(await screenGroup('Composition')).getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await act(() => vi.advanceTimersByTimeAsync(1000 + 2000 + 4000));
    const alert = await screen.findByText(/Your scores are still on this page/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(sent).toHaveLength(4);
    expect(
      (within(group('Composition')).getByRole('radio', { name: '4' }) as HTMLInputElement).checked,
    ).toBe(true);

    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Work W014' })).toBeTruthy();
    expect(sent).toHaveLength(5);
  });

  it('shows a closed round’s scores read-only, with Previous and Next', async () => {
    const { sent } = stubWork(
      savedAs,
      aWork({ roundOpen: false, scores: { c1: 6 }, comment: 'Fine.' }),
    );
    expect(await screen.findByText(CLOSED_NOTICE)).toBeTruthy();
    const six = within(group('Composition')).getByRole('radio', { name: '6' }) as HTMLInputElement;
    expect(six.checked).toBe(true);
    expect(six.disabled).toBe(true);
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save and next' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Declare a conflict' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Work W014' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('goes back to the rounds with ‘All works scored’ after the last work', async () => {
    stubWork(
      (body) => ({
        status: 200,
        body: aWork({ ...(body as Pick<Work, 'scores'>), done: 40, nextAlias: null }),
      }),
      aWork({ position: 40, done: 39, nextAlias: null }),
    );
    const user = userEvent.setup();
    await user.click(within(await screenGroup('Composition')).getByRole('radio', { name: '9' }));
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByText('All works scored')).toBeTruthy();
    expect(currentLocation()).toBe('/jury');
  });
});

/** The criterion's group, once the work has loaded. */
const screenGroup = (name: string) => screen.findByRole('group', { name: new RegExp(`^${name}`) });
