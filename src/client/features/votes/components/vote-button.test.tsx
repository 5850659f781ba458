import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VOTE_MESSAGES } from '../../../../shared/schemas/votes.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { VoteButton } from './vote-button.tsx';

const OPEN = {
  opensAt: '2026-12-01T00:00:00Z',
  closesAt: '2026-12-31T00:00:00Z',
  open: true,
  votesPerVisitor: 1,
};
const MINE = 'GET /api/competitions/c1/votes/mine';
const CODES = 'POST /api/votes/codes';
const CONFIRM = 'POST /api/votes/confirm';
const VOTE = 'POST /api/competitions/c1/votes';
const NOBODY: Answer = { status: 200, body: { email: null, workIds: [], votesLeft: 1 } };

function renderButton(routes: Record<string, Answer>, voting = OPEN, openAtStart = false) {
  const calls = stubApi({
    [MINE]: NOBODY,
    [CODES]: { status: 202, body: { message: VOTE_MESSAGES.codeSent } },
    [CONFIRM]: { status: 200, body: { email: 'kiran@example.com' } },
    [VOTE]: { status: 201, body: { message: VOTE_MESSAGES.voted, votesLeft: 0 } },
    ...routes,
  });
  render(
    <VoteButton
      competitionId="c1"
      workId="w1"
      workTitle="Wet Tin Roofs"
      voting={voting}
      openAtStart={openAtStart}
    />,
  );
  return { calls, user: userEvent.setup() };
}

async function throughCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Vote for this work\W+Wet Tin Roofs$/ }));
  await user.type(await screen.findByLabelText(/^Your e-mail address/), 'kiran@example.com');
  await user.click(screen.getByRole('button', { name: 'Send me a code' }));
  await user.type(await screen.findByLabelText(/^Code from the e-mail/), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm and vote' }));
}

describe('the vote button', () => {
  it('is not drawn while voting is not open', () => {
    stubApi({});
    const { container } = render(
      <VoteButton competitionId="c1" workId="w1" voting={{ ...OPEN, open: false }} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('takes the visitor from the address to the code to the counted vote', async () => {
    const { calls, user } = renderButton({});
    await throughCode(user);
    expect(await screen.findByText(VOTE_MESSAGES.voted)).toBeTruthy();
    expect(calls).toEqual([MINE, CODES, CONFIRM, VOTE]);
  });

  it('says a wrong code under the code, and a refused vote in the server’s words', async () => {
    const wrong = envelope(400, 'VOTE_CODE_REJECTED', VOTE_MESSAGES.codeRejected, {
      code: VOTE_MESSAGES.codeRejected,
    });
    const first = renderButton({ [CONFIRM]: wrong });
    await throughCode(first.user);
    expect(await screen.findByText(VOTE_MESSAGES.codeRejected)).toBeTruthy();
    expect(first.calls).not.toContain(VOTE);
  });

  it('tells a visitor who voted already, without asking for a code', async () => {
    const { user } = renderButton({
      [MINE]: { status: 200, body: { email: 'kiran@example.com', workIds: ['w1'], votesLeft: 0 } },
    });
    await user.click(screen.getByRole('button', { name: /^Vote for this work\W+Wet Tin Roofs$/ }));
    expect(await screen.findByText(VOTE_MESSAGES.alreadyVoted)).toBeTruthy();
  });

  it('shows one’s own entry refused', async () => {
    const { user } = renderButton({ [VOTE]: envelope(409, 'OWN_ENTRY', VOTE_MESSAGES.ownEntry) });
    await throughCode(user);
    expect(await screen.findByText(VOTE_MESSAGES.ownEntry)).toBeTruthy();
  });

  it('before the script runs, submits to the work’s page asking it to open the vote', () => {
    renderButton({});
    const button = screen.getByRole('button', { name: /^Vote for this work\W+Wet Tin Roofs$/ });
    expect(button.getAttribute('type')).toBe('submit');
    expect([button.getAttribute('name'), button.getAttribute('value')]).toEqual(['vote', '1']);
    const form = button.closest('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'get',
      '/exhibitions/c1/works/w1',
    ]);
  });

  it('opens the vote by itself when the visitor asked before the script ran', async () => {
    const { calls } = renderButton({}, OPEN, true);
    expect(await screen.findByLabelText(/^Your e-mail address/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Vote for “Wet Tin Roofs”' })).toBeTruthy();
    expect(calls).toEqual([MINE]);
  });
});
