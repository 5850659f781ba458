import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckedAnswer, IdentityCheck } from '../../../../shared/schemas/jury-redaction.ts';
import { type Answer, envelope, renderAdmin, stubApi } from '../common/test-helpers.tsx';
import { signedInJudgingScreen } from './judging-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const CHECK = '/api/admin/competitions/c1/judging/identity-check';
const REDACTION = '/api/admin/competitions/c1/judging/redactions/s1/description';
const ANSWER = 'Painted by Meera Iyer at dawn.';

function answerOf(overrides: Partial<CheckedAnswer> = {}): CheckedAnswer {
  return {
    fieldId: 'description',
    work: null,
    label: 'Description',
    answer: ANSWER,
    contains: ['name'],
    suggestion: 'Painted by [redacted] at dawn.',
    redaction: null,
    ...overrides,
  };
}

const checkOf = (answer: CheckedAnswer, roundOpened = false): IdentityCheck => ({
  roundOpened,
  entries: [
    { submissionId: 's1', reference: 'WS-2026-000001', status: 'approved', answers: [answer] },
  ],
});

function stubCheck(
  check: IdentityCheck,
  routes: Record<string, Answer | ((b: unknown) => Answer)>,
) {
  const bodies: unknown[] = [];
  const calls = stubApi({
    ...signedInJudgingScreen(),
    'GET /api/admin/competitions/c1/rounds': { status: 200, body: [] },
    [`GET ${CHECK}`]: { status: 200, body: check },
    ...Object.fromEntries(
      Object.entries(routes).map(([route, answer]) => [
        route,
        (body: unknown) => {
          bodies.push(body);
          return typeof answer === 'function' ? answer(body) : answer;
        },
      ]),
    ),
  });
  renderAdmin('/admin/judging/c1');
  return { calls, bodies };
}

const region = async () =>
  within(await screen.findByRole('region', { name: 'Answers that name the artist' }));

/** axe's rules over the page as it is; colour contrast needs a browser's layout (the journeys). */
async function expectNoAxeViolations() {
  const found = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual(
    [],
  );
}

describe('the answers that name the artist', () => {
  it('says so when no answer names its artist', async () => {
    stubCheck({ roundOpened: false, entries: [] }, {});
    const panel = await region();
    expect(await panel.findByText('No answer shown to jurors names its artist.')).toBeTruthy();
  });

  it('shows the artist’s answer, redacts the jury’s copy from the suggestion, and shows both', async () => {
    const redacted = answerOf({
      redaction: { text: 'Painted at dawn.', redactedAt: '2026-12-04T10:00:00.000Z' },
    });
    const { bodies } = stubCheck(checkOf(answerOf()), {
      [`PUT ${REDACTION}`]: (body) =>
        (body as { text: string }).text.includes('Iyer')
          ? envelope(400, 'VALIDATION_ERROR', "The jury's copy still contains the artist's name", {
              text: "The jury's copy still contains the artist's name",
            })
          : { status: 200, body: checkOf(redacted) },
    });
    const user = userEvent.setup();
    const panel = await region();
    expect(await panel.findByRole('heading', { name: 'WS-2026-000001' })).toBeTruthy();
    expect(panel.getByText('· contains the artist’s name', { exact: false })).toBeTruthy();
    expect(panel.getByText(ANSWER)).toBeTruthy();
    expect(panel.getByText('Not redacted: jurors see the artist’s answer.')).toBeTruthy();
    await expectNoAxeViolations();

    await user.click(panel.getByRole('button', { name: 'Redact Description of WS-2026-000001' }));
    const copy = panel.getByLabelText('Jury’s copy of Description of WS-2026-000001');
    expect((copy as HTMLTextAreaElement).value).toBe('Painted by [redacted] at dawn.');
    expect(document.activeElement).toBe(copy);
    await expectNoAxeViolations();

    // The server refuses a copy that still names the artist: the reason is under the field.
    await user.clear(copy);
    await user.type(copy, 'By Meera Iyer.');
    await user.click(panel.getByRole('button', { name: 'Save jury’s copy' }));
    expect(await panel.findByText("The jury's copy still contains the artist's name")).toBeTruthy();
    expect(copy.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations();

    await user.clear(copy);
    await user.type(copy, 'Painted at dawn.');
    await user.click(panel.getByRole('button', { name: 'Save jury’s copy' }));
    expect(await panel.findByText('Painted at dawn.')).toBeTruthy();
    expect(panel.getByText(ANSWER)).toBeTruthy();
    expect(bodies).toEqual([{ text: 'By Meera Iyer.' }, { text: 'Painted at dawn.' }]);
    expect(
      panel.getByRole('button', { name: 'Edit jury’s copy Description of WS-2026-000001' }),
    ).toBeTruthy();
  });

  it('removes a redaction before a round opens', async () => {
    const redacted = answerOf({
      redaction: { text: 'Painted at dawn.', redactedAt: '2026-12-04T10:00:00.000Z' },
    });
    const { bodies } = stubCheck(checkOf(redacted), {
      [`DELETE ${REDACTION}`]: { status: 200, body: checkOf(answerOf()) },
    });
    const user = userEvent.setup();
    const panel = await region();
    await user.click(
      await panel.findByRole('button', {
        name: 'Remove redaction of Description of WS-2026-000001',
      }),
    );
    await waitFor(() =>
      expect(panel.getByText('Not redacted: jurors see the artist’s answer.')).toBeTruthy(),
    );
    expect(bodies).toHaveLength(1);
  });

  it('once a round has opened, a redaction can be changed but not removed', async () => {
    const redacted = answerOf({
      contains: [],
      redaction: { text: '', redactedAt: '2026-12-04T10:00:00.000Z' },
    });
    stubCheck(checkOf(redacted, true), {});
    const panel = await region();
    expect(await panel.findByText('(left out)')).toBeTruthy();
    expect(panel.queryByRole('button', { name: /^Remove redaction/ })).toBeNull();
    expect(panel.getByRole('button', { name: /^Edit jury’s copy/ })).toBeTruthy();
  });
});

describe('the answers that name the artist, work by work', () => {
  it("redacts the second work's answer by its work, leaving the first work's alone", async () => {
    const second = answerOf({ work: 2, label: 'Work 2: Description' });
    const check: IdentityCheck = {
      roundOpened: false,
      entries: [
        {
          submissionId: 's1',
          reference: 'WS-2026-000001',
          status: 'approved',
          answers: [answerOf({ work: 1, label: 'Work 1: Description' }), second],
        },
      ],
    };
    const { calls, bodies } = stubCheck(check, {
      [`PUT ${REDACTION}`]: { status: 200, body: check },
    });
    const user = userEvent.setup();
    const panel = await region();
    await user.click(
      await panel.findByRole('button', { name: 'Redact Work 2: Description of WS-2026-000001' }),
    );
    await user.click(panel.getByRole('button', { name: 'Save jury’s copy' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(calls).toContain(`PUT ${REDACTION}?work=2`);
    expect(bodies).toEqual([{ text: 'Painted by [redacted] at dawn.' }]);
    await expectNoAxeViolations();
  });
});
