import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntryView } from '../../../../shared/schemas/entry.ts';
import type { EntryResult } from '../../../../shared/schemas/publication.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { stubApi } from '../../admin/common/test-helpers.tsx';
import EntryPage from '../routes/entry-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = `6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5.1790000000.${'A1b2_C3d4-'.repeat(4)}xyz`;
const CODE = 'K7QX-3MPA-9TZD';

const resultOf = (overrides: Partial<EntryResult> = {}): EntryResult => ({
  outcome: 'award',
  award: 'First',
  resultsUrl: '/competition/c1/results',
  certificateCode: CODE,
  ...overrides,
});

function entryOf(result: EntryResult | null): EntryView {
  return {
    reference: 'WS-2026-000123',
    competition: { id: 'c1', title: 'Monsoon Colours' },
    submittedAt: '2026-11-21T09:30:00.000Z',
    status: 'approved',
    paymentState: 'received',
    entryFee: 1500,
    details: [
      {
        key: 'works.0.fieldValues.artworkTitle',
        label: 'Artwork Title',
        value: 'Rain on the Hooghly',
      },
    ],
    publicationConsent: 'name',
    publicationConsentAt: '2026-11-21T09:30:00.000Z',
    result,
  };
}

/** The entry page over a view answering `result`, with the results page as a stand-in route. */
function renderEntry(result: EntryResult | null) {
  stubApi({ 'POST /api/entries/view': { status: 200, body: entryOf(result) } });
  render(
    <MemoryRouter initialEntries={[`/entry#${TOKEN}`]}>
      <ToastProvider>
        <Routes>
          <Route path="/entry" element={<EntryPage />} />
          <Route path="/competition/:id/results" element={<h1>The results</h1>} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const resultRegion = () => screen.findByRole('region', { name: 'Result' });

describe('the result on the entry page', () => {
  it('shows the award, the results, the certificate to download and where to verify it', async () => {
    renderEntry(resultOf());
    const region = within(await resultRegion());
    expect(region.getByText('Your work won: First')).toBeTruthy();
    expect(
      region.getByRole('link', { name: 'Download your certificate (PDF)' }).getAttribute('href'),
    ).toBe(`/api/certificates/${CODE}/pdf`);
    const verify = region.getByRole('link', { name: `/certificates/${CODE}` });
    expect(verify.getAttribute('href')).toBe(`/certificates/${CODE}`);
    expect(verify.parentElement?.textContent).toBe(`Verify: /certificates/${CODE}`);
    // Colour contrast needs a browser's layout, and the landmarks come with the site's layout,
    // which this test leaves out: the journeys check both.
    const found = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(found.violations.map((v) => v.id)).toEqual([]);

    const user = userEvent.setup();
    const results = region.getByRole('link', { name: 'See the results' });
    expect(results.getAttribute('href')).toBe('/competition/c1/results');
    await user.click(results);
    expect(await screen.findByRole('heading', { level: 1, name: 'The results' })).toBeTruthy();
  });

  it.each([
    ['shortlisted', 'Your work was shortlisted'],
    ['participated', 'Thank you for taking part'],
  ] as const)('says what became of a work %s', async (outcome, sentence) => {
    renderEntry(resultOf({ outcome, award: null }));
    const region = within(await resultRegion());
    expect(region.getByText(sentence)).toBeTruthy();
    expect(region.getByRole('link', { name: 'Download your certificate (PDF)' })).toBeTruthy();
  });

  it('offers a certificate for each awarded work when several works won', async () => {
    const other = 'M2PX-7QKA-4TZB';
    renderEntry(
      resultOf({
        certificates: [
          { code: CODE, award: 'First', work: { number: 1, title: 'Estuary' } },
          { code: other, award: 'Third', work: { number: 3, title: 'Heron' } },
        ],
      }),
    );
    const region = within(await resultRegion());
    const first = region.getByRole('link', {
      name: 'Download the certificate for Work 1: Estuary (PDF)',
    });
    expect(first.getAttribute('href')).toContain(CODE);
    const third = region.getByRole('link', {
      name: 'Download the certificate for Work 3: Heron (PDF)',
    });
    expect(third.getAttribute('href')).toContain(other);
    expect(region.queryByRole('link', { name: 'Download your certificate (PDF)' })).toBeNull();
  });

  it('shows no result before the results are published', async () => {
    renderEntry(null);
    expect(await screen.findByText('WS-2026-000123')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Result' })).toBeNull();
    expect(screen.queryByRole('link', { name: /certificate/ })).toBeNull();
  });

  it('shows the jury’s feedback per work, each juror’s text on its own, when it was released', async () => {
    renderEntry(
      resultOf({
        feedback: [
          { work: { number: 1, title: 'Estuary' }, texts: ['Bold horizon.', 'Quiet and sure.'] },
          { work: { number: 2, title: '' }, texts: ['The light carries it.'] },
        ],
      }),
    );
    const region = within(await resultRegion());
    const feedback = within(region.getByRole('region', { name: 'The jury’s feedback' }));
    expect(feedback.getByRole('heading', { level: 4, name: 'Work 1: Estuary' })).toBeTruthy();
    expect(feedback.getByRole('heading', { level: 4, name: 'Work 2' })).toBeTruthy();
    expect(feedback.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Bold horizon.',
      'Quiet and sure.',
      'The light carries it.',
    ]);
  });

  it('shows no feedback section when none was released', async () => {
    renderEntry(resultOf());
    const region = within(await resultRegion());
    expect(region.queryByRole('region', { name: 'The jury’s feedback' })).toBeNull();
  });
});
