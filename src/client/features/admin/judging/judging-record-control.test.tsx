import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicationPreview } from '../../../../shared/schemas/publication.ts';
import { publicationPreviewOf, stubResults } from './judging-fixture.ts';
import { RECORD_WITHDRAWN } from './judging-record-control.tsx';
import { PUBLISH_RECORD } from './publish-dialog.tsx';

const RESULTS = '/api/admin/competitions/c1/results';
const SHA = 'ab'.repeat(32);
const PUBLISHED_AT = '2026-12-05T10:00:00.000Z';

const publishedWith = (record: PublicationPreview['record']) =>
  publicationPreviewOf({ published: true, publishedAt: PUBLISHED_AT, record });

describe('the judging record in the admin’s results', () => {
  it('is published with the results only when its box is ticked, then linked with its SHA-256', async () => {
    const sent: unknown[] = [];
    const { set } = stubResults(publicationPreviewOf(), {
      [`POST ${RESULTS}/publish`]: (body) => {
        sent.push(body);
        set(publishedWith({ published: true, sha256: SHA }));
        return {
          status: 200,
          body: { published: true, publishedAt: PUBLISHED_AT, emailsQueued: 3 },
        };
      },
    });
    const user = userEvent.setup();
    const region = within(await screen.findByRole('region', { name: 'Results' }));
    await user.click(await region.findByRole('button', { name: 'Publish results…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the results' }));
    const box = dialog.getByRole('checkbox', { name: PUBLISH_RECORD });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    const link = await region.findByRole('link', { name: 'see the record' });
    expect(link.getAttribute('href')).toBe('/competition/c1/results/record');
    expect(region.getByText(SHA)).toBeTruthy();
    expect(sent).toEqual([{ releaseFeedback: false, publishRecord: true }]);
  });

  it('is withdrawn behind a question, and says so', async () => {
    const sent: unknown[] = [];
    const { set } = stubResults(publishedWith({ published: true, sha256: SHA }), {
      [`PUT ${RESULTS}/record`]: (body) => {
        sent.push(body);
        set(publishedWith({ published: false, sha256: SHA }));
        return { status: 200, body: { published: false, sha256: SHA } };
      },
    });
    const user = userEvent.setup();
    const region = within(await screen.findByRole('region', { name: 'Results' }));
    await user.click(await region.findByRole('button', { name: 'Withdraw the judging record' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Withdraw the judging record' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Withdraw the record' }));
    expect(await region.findByText(RECORD_WITHDRAWN)).toBeTruthy();
    expect(await region.findByRole('button', { name: 'Publish the judging record…' })).toBeTruthy();
    expect(sent).toEqual([{ published: false }]);
  });
});
