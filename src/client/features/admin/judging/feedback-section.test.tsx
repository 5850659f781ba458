import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminFeedback, AdminFeedbackItem } from '../../../../shared/schemas/feedback.ts';
import { type Answer, envelope, renderAdmin, stubApi } from '../common/test-helpers.tsx';
import { FEEDBACK_INTRO, HIDE_LABEL, NO_FEEDBACK, savedMessage } from './feedback-section.tsx';
import { roundOf, signedInJudgingScreen } from './judging-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const FEEDBACK = '/api/admin/competitions/c1/feedback';

const itemOf = (overrides: Partial<AdminFeedbackItem> = {}): AdminFeedbackItem => ({
  roundId: 'r1',
  roundNumber: 1,
  alias: 'W003',
  reference: 'WS-2026-000012',
  workId: 'w1',
  workNumber: 1,
  jurorId: 'j1',
  juror: 'Asha Verghese',
  feedback: 'The horizon is bold.',
  hidden: false,
  ...overrides,
});

function stubFeedback(
  items: AdminFeedbackItem[],
  routes: Record<string, Answer | ((body: unknown) => Answer)> = {},
) {
  const calls = stubApi({
    ...signedInJudgingScreen(),
    'GET /api/admin/competitions/c1/rounds': { status: 200, body: [roundOf({ status: 'closed' })] },
    [`GET ${FEEDBACK}`]: { status: 200, body: { items } satisfies AdminFeedback },
    ...routes,
  });
  renderAdmin('/admin/judging/c1');
  return calls;
}

const region = async () =>
  within(await screen.findByRole('region', { name: 'Feedback for the artists' }));

describe('the jury’s feedback on the judging screen', () => {
  it('says when no juror wrote any', async () => {
    stubFeedback([]);
    const section = await region();
    expect(await section.findByText(NO_FEEDBACK)).toBeTruthy();
    expect(section.getByText(FEEDBACK_INTRO)).toBeTruthy();
  });

  it('edits and hides one juror’s feedback, and says so', async () => {
    const sent: unknown[] = [];
    const item = itemOf();
    const other = itemOf({ jurorId: 'j2', juror: 'Bram Okafor', feedback: 'Quiet and sure.' });
    stubFeedback([item, other], {
      [`PUT ${FEEDBACK}/r1/w1/j1`]: (body) => {
        sent.push(body);
        return {
          status: 200,
          body: { items: [{ ...item, feedback: 'Bold horizon.', hidden: true }, other] },
        };
      },
    });
    const user = userEvent.setup();
    const section = await region();
    expect(await section.findByRole('heading', { name: /W003 · WS-2026-000012/ })).toBeTruthy();
    const text = section.getByLabelText('Feedback from Asha Verghese');
    expect(section.getByLabelText('Feedback from Bram Okafor')).toBeTruthy();
    await user.clear(text);
    await user.type(text, 'Bold horizon.');
    const form = text.closest('form') as HTMLFormElement;
    await user.click(within(form).getByRole('checkbox', { name: HIDE_LABEL }));
    await user.click(within(form).getByRole('button', { name: 'Save feedback' }));
    expect(await section.findByText(savedMessage(item))).toBeTruthy();
    expect(section.getByRole('status').textContent).toBe(savedMessage(item));
    expect(sent).toEqual([{ feedback: 'Bold horizon.', hidden: true }]);
  });

  it('shows the server’s refusal under the feedback it names', async () => {
    const tooLong = 'Keep the feedback to 2000 characters';
    stubFeedback([itemOf()], {
      [`PUT ${FEEDBACK}/r1/w1/j1`]: envelope(
        400,
        'VALIDATION_ERROR',
        'Some fields are not valid.',
        {
          feedback: tooLong,
        },
      ),
    });
    const user = userEvent.setup();
    const section = await region();
    const text = await section.findByLabelText('Feedback from Asha Verghese');
    await user.click(section.getByRole('button', { name: 'Save feedback' }));
    expect(await section.findByText(tooLong)).toBeTruthy();
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
  });
});
