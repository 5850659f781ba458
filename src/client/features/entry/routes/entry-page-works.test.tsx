import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntryView } from '../../../../shared/schemas/entry.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { stubApi } from '../../admin/common/test-helpers.tsx';
import EntryPage from './entry-page.tsx';

/* The entry page of an entry of several works: its works by number and title. */

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = `6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5.1790000000.${'A1b2_C3d4-'.repeat(4)}xyz`;

const ENTRY: EntryView = {
  reference: 'WS-2026-000123',
  competition: { id: 'c1', title: 'Monsoon Colours' },
  submittedAt: '2026-11-21T09:30:00.000Z',
  status: 'pending',
  paymentState: 'free',
  entryFee: 0,
  details: [{ key: 'fullName', label: 'Full Name', value: 'Meera Iyer' }],
  publicationConsent: 'name',
  publicationConsentAt: '2026-11-21T09:30:00.000Z',
  result: null,
};

function renderEntry(entry: EntryView) {
  stubApi({ 'POST /api/entries/view': () => ({ status: 200, body: entry }) });
  render(
    <MemoryRouter initialEntries={[`/entry#${TOKEN}`]}>
      <ToastProvider>
        <Routes>
          <Route path="/entry" element={<EntryPage />} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

describe("the entry page's works", () => {
  it('lists each work by its number and title, in order; an untitled one by its number', async () => {
    renderEntry({
      ...ENTRY,
      works: [
        { number: 1, title: 'Rain' },
        { number: 2, title: '' },
        { number: 3, title: 'Fog' },
      ],
    });
    const region = await screen.findByRole('region', { name: 'Your works' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Work 1: Rain', 'Work 2', 'Work 3: Fog']);
  });

  it('shows no list for an entry of one work (the server sends none)', async () => {
    renderEntry(ENTRY);
    await screen.findByRole('heading', { level: 2, name: 'What you sent' });
    expect(screen.queryByRole('region', { name: 'Your works' })).toBeNull();
  });
});
