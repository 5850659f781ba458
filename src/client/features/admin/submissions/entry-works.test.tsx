import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEntry } from '../../../../shared/schemas/admin-entry.ts';
import type { ReviewItem } from '../../../../shared/schemas/review.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { REVIEW_ENTRY_ID as ID, reviewItemOf } from './review-item-fixture.ts';

/* The admin's entry page lists the works of an entry of several, each with its own files. */

afterEach(() => {
  vi.restoreAllMocks();
});

const entry: AdminEntry = {
  id: ID,
  fullName: 'Meera Iyer',
  entry: {
    reference: 'WS-2026-000123',
    competition: { id: 'c1', title: 'Monsoon Colours' },
    submittedAt: '2026-11-21T09:30:00.000Z',
    status: 'pending',
    paymentState: 'received',
    entryFee: 1500,
    details: [{ key: 'fullName', label: 'Full Name', value: 'Meera Iyer' }],
    publicationConsent: 'name',
    publicationConsentAt: '2026-11-21T09:30:00.000Z',
    result: null,
  },
  payments: [],
  paidTwice: false,
};

const display = (n: number) => `/api/admin/files/submissions/${ID}/artworkurl-${n}-display.webp`;

/** Work n as the review item carries it: its title, its picture, and a medium for the third. */
const workOf = (n: number, title: string): NonNullable<ReviewItem['works']>[number] => ({
  number: n,
  fields: [
    { id: 'artworkTitle', label: 'Artwork Title', type: 'text', value: title },
    ...(n === 3 ? [{ id: 'medium', label: 'Medium', type: 'text' as const, value: 'Ink' }] : []),
    { id: 'artworkUrl', label: 'Artwork Photo', type: 'image', value: display(n) },
  ],
});

function open(item: ReviewItem) {
  stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [`GET /api/admin/submissions/${ID}`]: { status: 200, body: entry },
    [`GET /api/admin/submissions/${ID}/review`]: { status: 200, body: item },
    'GET /api/admin/receipts': { status: 200, body: { receipts: [] } },
  });
  renderAdmin(`/admin/submissions/${ID}`);
}

describe("the admin's entry page: an entry's works", () => {
  it('lists each work by number with its answers, its picture and its original to download', async () => {
    const works = [workOf(1, 'Tide'), workOf(2, 'Harbour'), workOf(3, 'Lantern')];
    open(reviewItemOf({ works, fields: [...works[0]!.fields] }));
    const region = await screen.findByRole('region', { name: 'Works (3)' });
    const items = within(region).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Work 1',
      'Work 2',
      'Work 3',
    ]);
    const third = within(region).getByRole('article', { name: 'Work 3' });
    expect(third.querySelector('dl')?.textContent).toBe('Artwork TitleLanternMediumInk');
    expect(
      within(third).getByRole('img', { name: 'Work 3: Artwork Photo' }).getAttribute('src'),
    ).toBe(display(3));
    const links = within(region)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Download Work 1 Artwork Photo', `/api/admin/submissions/${ID}/download/artworkUrl`],
      ['Download Work 2 Artwork Photo', `/api/admin/submissions/${ID}/download/artworkUrl-2`],
      ['Download Work 3 Artwork Photo', `/api/admin/submissions/${ID}/download/artworkUrl-3`],
    ]);
    // The photo stays above; the works' pictures are not shown twice.
    const pictures = screen.getByRole('region', { name: 'Photo and artworks' });
    expect(
      within(pictures)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Photo of Meera Iyer']);
  });

  it('shows an entry of one work as before, without a list of works', async () => {
    open(reviewItemOf({ works: [workOf(1, 'Rain on the Hooghly')] }));
    const pictures = await screen.findByRole('region', { name: 'Photo and artworks' });
    expect(await within(pictures).findByRole('img', { name: 'Artwork Photo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Works/ })).toBeNull();
  });
});
