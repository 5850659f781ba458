import { formatInstant } from '../common/format-instant.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Publication, PUBLISH_REFUSALS } from '../../../../shared/schemas/publication.ts';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { type Answer, envelope } from '../common/test-helpers.tsx';
import { publicationPreviewOf, stubResults } from './judging-fixture.ts';
import { feedbackNote, RELEASE_FEEDBACK } from './publish-dialog.tsx';
import { FEEDBACK_RELEASED, UNPUBLISH_QUESTION } from './publish-section.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const RESULTS = '/api/admin/competitions/c1/results';
const NO_AWARDS = 'Give at least one award before publishing the results.';
const PUBLISHED_AT = '2026-12-05T10:00:00.000Z';

/** axe's rules over the page as it is; colour contrast needs a browser's layout (the journeys). */
async function expectNoAxeViolations() {
  const found = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual(
    [],
  );
}

const resultsRegion = () => screen.findByRole('region', { name: 'Results' });
const published = (emailsQueued: number): Answer => ({
  status: 200,
  body: { published: true, publishedAt: PUBLISHED_AT, emailsQueued } satisfies Publication,
});

describe('publishing a competition’s results', () => {
  it('states the counts, publishes once however often Publish is pressed, and says what was sent', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const server = stubResults(publicationPreviewOf(), {
      [`POST ${RESULTS}/publish`]: () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    expect(await region.findByText('The results are not published.')).toBeTruthy();
    const publishButton = region.getByRole('button', { name: 'Publish results…' });
    publishButton.focus();
    await user.keyboard('{Enter}');

    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the results' }));
    expect(
      dialog.getByText('12 winners and shortlisted, 230 participants, 230 e-mails'),
    ).toBeTruthy();
    expect(dialog.queryByText(/still await/)).toBeNull();
    const confirm = await dialog.findByRole('button', { name: 'Publish' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(true));
    await user.click(confirm);
    expect(server.calls.filter((call) => call === `POST ${RESULTS}/publish`)).toHaveLength(1);

    server.set(publicationPreviewOf({ published: true, publishedAt: PUBLISHED_AT, emails: 0 }));
    const awardsAsked = server.calls.filter((c) => c === 'GET /api/admin/competitions/c1/awards');
    answer(published(230));
    expect(await region.findByText('Results published: 230 e-mails queued.')).toBeTruthy();
    expect(region.getByRole('status').textContent).toBe('Results published: 230 e-mails queued.');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back on the section's button, which now offers the way back.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Unpublish'));
    expect(document.activeElement).toBe(publishButton);
    await expectNoAxeViolations();
    const link = region.getByRole('link', { name: 'see the results page' });
    expect(link.getAttribute('href')).toBe('/competition/c1/results');
    expect(link.parentElement?.textContent).toBe(
      `The results are published since ${formatInstant(PUBLISHED_AT)}: see the results page.`,
    );
    await waitFor(() =>
      expect(
        server.calls.filter((c) => c === 'GET /api/admin/competitions/c1/awards').length,
      ).toBeGreaterThan(awardsAsked.length),
    );
  });

  it('releases the jury’s feedback only when the box is ticked, and says so once published', async () => {
    const sent: unknown[] = [];
    const server = stubResults(publicationPreviewOf({ feedbackWorks: 3 }), {
      [`POST ${RESULTS}/publish`]: (body) => {
        sent.push(body);
        server.set(
          publicationPreviewOf({
            published: true,
            publishedAt: PUBLISHED_AT,
            feedbackWorks: 3,
            feedbackReleased: true,
          }),
        );
        return published(230);
      },
    });
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    await user.click(await region.findByRole('button', { name: 'Publish results…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the results' }));
    const release = dialog.getByRole('checkbox', { name: RELEASE_FEEDBACK });
    expect((release as HTMLInputElement).checked).toBe(false);
    expect(release.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.getByText(feedbackNote(3))).toBeTruthy();
    await user.click(release);
    const confirm = dialog.getByRole('button', { name: 'Publish' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    expect(await region.findByText(FEEDBACK_RELEASED)).toBeTruthy();
    expect(sent).toEqual([{ releaseFeedback: true, publishRecord: false }]);
  });

  it('offers no feedback to release when no juror wrote any', async () => {
    stubResults(publicationPreviewOf());
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    await user.click(await region.findByRole('button', { name: 'Publish results…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the results' }));
    const release = dialog.getByRole('checkbox', { name: RELEASE_FEEDBACK });
    expect((release as HTMLInputElement).disabled).toBe(true);
    expect(dialog.getByText(feedbackNote(0))).toBeTruthy();
  });

  it('warns of entries awaiting review and shows a refusal in the dialog, then Cancel gives focus back', async () => {
    // An award given when the page loaded, removed since in another tab: the server refuses.
    stubResults(publicationPreviewOf({ awards: 1, shortlisted: 0, awaitingReview: 4 }), {
      [`POST ${RESULTS}/publish`]: envelope(409, 'NO_AWARDS', NO_AWARDS),
    });
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    const publishButton = await region.findByRole('button', { name: 'Publish results…' });
    await user.click(publishButton);
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the results' }));
    await expectNoAxeViolations();
    expect(
      dialog.getByText('1 winner and shortlisted, 230 participants, 230 e-mails'),
    ).toBeTruthy();
    expect(
      dialog.getByText('4 entries still await review: they get no results e-mail.'),
    ).toBeTruthy();
    const confirm = dialog.getByRole('button', { name: 'Publish' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    expect((await dialog.findByRole('alert')).textContent).toBe(NO_AWARDS);
    expect(region.getByRole('status').textContent).toBe('');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(publishButton);
    expect(region.getByText('The results are not published.')).toBeTruthy();
  });

  it('keeps Publish disabled, with its reason, while there is no award', async () => {
    stubResults(publicationPreviewOf({ awards: 0, shortlisted: 0 }));
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    await user.click(await region.findByRole('button', { name: 'Publish results…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the results' }));
    const confirm = dialog.getByRole('button', { name: 'Publish' });
    await waitFor(() => expect(dialog.getByText(NO_AWARDS)).toBeTruthy());
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(confirm.getAttribute('aria-describedby')).toBe(dialog.getByText(NO_AWARDS).id);
    expect(dialog.queryByRole('button', { name: 'Close entries now' })).toBeNull();
  });

  it('offers "Close entries now" while entries are open, and Publish once they are closed', async () => {
    const closes = '20 Dec 2026, 11:59 pm IST';
    const server = stubResults(publicationPreviewOf({ entriesOpenUntil: closes }), {
      'POST /api/admin/competitions/c1/close-entries': () => {
        server.set(publicationPreviewOf({ entriesOpenUntil: null }));
        return { status: 200, body: adminCompetitionOf({ status: 'closed', stage: 'closed' }) };
      },
    });
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    await user.click(await region.findByRole('button', { name: 'Publish results…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the results' }));
    const reason = PUBLISH_REFUSALS.entriesOpen(closes);
    await waitFor(() => expect(dialog.getByText(reason)).toBeTruthy());
    const confirm = dialog.getByRole('button', { name: 'Publish' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Close entries now' }));
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    expect(dialog.queryByText(reason)).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Close entries now' })).toBeNull();
  });

  it('unpublishes after saying that e-mails already sent stay sent', async () => {
    const server = stubResults(
      publicationPreviewOf({ published: true, publishedAt: PUBLISHED_AT }),
      {
        [`POST ${RESULTS}/unpublish`]: () => {
          server.set(publicationPreviewOf());
          return { status: 200, body: { published: false, publishedAt: null, emailsQueued: 0 } };
        },
      },
    );
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    const unpublishButton = await region.findByRole('button', { name: 'Unpublish' });
    await user.click(unpublishButton);
    const dialog = within(await screen.findByRole('dialog', { name: 'Unpublish the results' }));
    expect(dialog.getByText(UNPUBLISH_QUESTION)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Unpublish' }));

    expect(await region.findByText('Results unpublished: the results page is down.')).toBeTruthy();
    expect(await region.findByText('The results are not published.')).toBeTruthy();
    expect(document.activeElement).toBe(unpublishButton);
    expect(document.activeElement?.textContent).toBe('Publish results…');
  });

  it('says when the results could not be fetched, and tries again', async () => {
    let fail = true;
    stubResults(publicationPreviewOf(), {
      [`GET ${RESULTS}`]: () =>
        fail
          ? envelope(500, 'INTERNAL', 'Something went wrong.')
          : { status: 200, body: publicationPreviewOf() },
    });
    const user = userEvent.setup();
    const region = within(await resultsRegion());
    expect((await region.findByRole('alert')).textContent).toBe('Failed to fetch the results');
    fail = false;
    await user.click(region.getByRole('button', { name: 'Try again' }));
    expect(await region.findByText('The results are not published.')).toBeTruthy();
  });
});
