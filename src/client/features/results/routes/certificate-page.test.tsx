import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_NOT_FOUND,
  type CertificateVerification,
} from '../../../../shared/schemas/publication.ts';
import { clearApiCache } from '../../../lib/api-cache.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import CertificatePage from './certificate-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const CODE = 'K7QX-3MPA-9TZD';

function renderPage(answer: Answer) {
  stubApi({ [`GET /api/certificates/${CODE}`]: answer });
  render(
    <MemoryRouter initialEntries={[`/certificates/${CODE}`]}>
      <Routes>
        <Route path="/certificates/:code" element={<CertificatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const MERIT: CertificateVerification = {
  code: CODE,
  kind: 'merit',
  artistName: 'अनन्या शर्मा',
  competitionTitle: 'Monsoon Colours',
  award: 'First',
  issuedOn: '2026-11-21',
};

/** The certificate's details as the page lists them: term → value. */
function details(): Record<string, string> {
  const terms = [...document.querySelectorAll('dt')];
  return Object.fromEntries(
    terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
  );
}

describe('the certificate page', () => {
  it('says a genuine certificate is genuine, with its artist, competition, award and date', async () => {
    renderPage({ status: 200, body: MERIT });
    await screen.findByRole('heading', { name: 'This certificate is genuine', level: 1 });
    expect(details()).toEqual({
      Artist: 'अनन्या शर्मा',
      Competition: 'Monsoon Colours',
      Award: 'First',
      Date: '21 November 2026',
      Code: CODE,
    });
    const download = screen.getByRole('link', { name: 'Download the certificate (PDF)' });
    expect(download.getAttribute('href')).toBe(`/api/certificates/${CODE}/pdf`);
  });

  it('names a participation certificate as such', async () => {
    renderPage({ status: 200, body: { ...MERIT, kind: 'participation', award: null } });
    await screen.findByRole('heading', { name: 'This certificate is genuine', level: 1 });
    expect(details().Award).toBe('Certificate of Participation');
  });

  it('says no certificate has a code that does not exist', async () => {
    renderPage(envelope(404, 'CERTIFICATE_NOT_FOUND', CERTIFICATE_NOT_FOUND));
    await screen.findByRole('heading', { name: 'Certificate not found', level: 1 });
    expect(
      screen.getByText(
        'No certificate has this code. Check it against the one printed on the certificate.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('This certificate is genuine')).toBeNull();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });
});
