import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompetitionWithDetails } from '../../../../shared/schemas/competition.ts';
import { clearApiCache } from '../../../lib/api-cache.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { adminCompetitionOf } from './competition-fixture.ts';
import { DRAFT_BANNER } from './competition-preview-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const DRAFT = adminCompetitionOf({
  id: 'd1',
  title: 'Secret Draft',
  draft: true,
  stage: 'draft',
  status: 'upcoming',
});
const PAGE: CompetitionWithDetails = {
  id: DRAFT.id,
  title: DRAFT.title,
  description: DRAFT.description,
  image: null,
  prizeImage: null,
  category: DRAFT.category,
  subcategory: null,
  startDate: DRAFT.startDate,
  endDate: DRAFT.endDate,
  opensAt: DRAFT.opensAt,
  closesAt: DRAFT.closesAt,
  entryType: 'free',
  entryFee: 0,
  status: 'upcoming',
  stage: 'draft',
  createdAt: DRAFT.createdAt,
  updatedAt: DRAFT.updatedAt,
  details: {
    rulesHtml: '<ul><li>Original work only</li></ul>',
    eligibilityHtml: '',
    prizeDescription: '',
    pictures: { types: ['JPEG'], maxMegabytes: 10, artworks: [] },
  },
};

describe("the admin's preview of a draft", () => {
  it('offers Preview for drafts only, and shows the public page under the draft banner', async () => {
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/admin/competitions': {
        status: 200,
        body: [DRAFT, adminCompetitionOf({ id: 'c2', title: 'Clay Days' })],
      },
      'GET /api/admin/competitions/d1/preview': { status: 200, body: PAGE },
      'GET /api/competitions/d1/judging': { status: 200, body: { criteria: [], jurors: [] } },
    });
    renderAdmin('/admin/competitions');
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('link', { name: 'Preview Clay Days' })).toBeNull();
    await userEvent
      .setup()
      .click(within(table).getByRole('link', { name: 'Preview Secret Draft' }));
    expect(await screen.findByText(DRAFT_BANNER)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Secret Draft', level: 1 })).toBeTruthy();
    expect(screen.getByText('Original work only')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/competitions/d1/preview');
    const found = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(found.violations.map((v) => v.id)).toEqual([]);
  });
});
