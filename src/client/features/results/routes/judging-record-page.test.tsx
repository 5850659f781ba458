import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  JUDGING_RECORD_FORMAT,
  JUDGING_RECORD_NOT_PUBLISHED,
  type PublishedJudgingRecord,
} from '../../../../shared/schemas/judging-record.ts';
import { clearApiCache } from '../../../lib/api-cache.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import JudgingRecordPage, { RECORD_DOWNLOAD } from './judging-record-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const SHA = 'cd'.repeat(32);
const PUBLISHED: PublishedJudgingRecord = {
  sha256: SHA,
  publishedAt: '2026-11-20T06:00:00.000Z',
  downloadUrl: '/api/competitions/c1/results/record.json',
  record: {
    format: JUDGING_RECORD_FORMAT,
    competition: { id: 'c1', title: 'Monsoon Colours' },
    explanation: ['How it was judged.'],
    criteria: [{ name: 'Composition', weight: 1, scaleMin: 1, scaleMax: 10 }],
    jurors: ['Juror A', 'Juror B'],
    works: [
      { key: 'Work 1', workId: 'w1', title: 'Rain on Tin' },
      { key: 'Work 2', workId: null, title: null },
    ],
    rounds: [
      {
        number: 1,
        kind: 'scores',
        closedAt: null,
        sheets: [
          { work: 'Work 1', juror: 'Juror A', scores: [9], weighted: 88.889 },
          { work: 'Work 2', juror: 'Juror A', scores: [4], weighted: 33.333 },
        ],
        jurors: [{ juror: 'Juror A', mean: 61.111, sd: 27.778 }],
        standings: [
          {
            work: 'Work 1',
            weightedMean: 88.889,
            normalisedMean: 1,
            byJuror: [{ juror: 'Juror A', weighted: 88.889, z: 1 }],
          },
          {
            work: 'Work 2',
            weightedMean: 33.333,
            normalisedMean: -1,
            byJuror: [{ juror: 'Juror A', weighted: 33.333, z: -1 }],
          },
        ],
      },
      {
        number: 2,
        kind: 'ranking',
        closedAt: null,
        candidates: ['Work 1', 'Work 2'],
        ballots: [
          { juror: 'Juror B', ranking: ['Work 2', 'Work 1'], judged: ['Work 1', 'Work 2'] },
        ],
        tieBreaks: [
          { work: 'Work 1', previousNormalisedMean: 1, enteredOrder: 2 },
          { work: 'Work 2', previousNormalisedMean: -1, enteredOrder: 1 },
        ],
        pairwise: {
          'Work 1': { 'Work 1': 0, 'Work 2': 0 },
          'Work 2': { 'Work 1': 1, 'Work 2': 0 },
        },
        strongest: {
          'Work 1': { 'Work 1': 0, 'Work 2': 0 },
          'Work 2': { 'Work 1': 1, 'Work 2': 0 },
        },
        order: [
          { place: 1, work: 'Work 2', tieBrokenBy: 'none' },
          { place: 2, work: 'Work 1', tieBrokenBy: 'none' },
        ],
      },
    ],
    finalOrder: [
      { place: 1, work: 'Work 2' },
      { place: 2, work: 'Work 1' },
    ],
    awards: [{ title: 'First', work: 'Work 2' }],
  },
};

function renderPage(answer: Answer) {
  stubApi({ 'GET /api/competitions/c1/results/record': answer });
  render(
    <MemoryRouter initialEntries={['/competition/c1/results/record']}>
      <main>
        <Routes>
          <Route path="/competition/:id/results/record" element={<JudgingRecordPage />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
}

describe('the judging record page', () => {
  it('shows the hash, the download and every table with its headers', async () => {
    renderPage({ status: 200, body: PUBLISHED });
    await screen.findByRole('heading', { name: 'Judging record: Monsoon Colours', level: 1 });
    expect(screen.getByText(SHA)).toBeTruthy();
    expect(screen.getByRole('link', { name: RECORD_DOWNLOAD }).getAttribute('href')).toBe(
      PUBLISHED.downloadUrl,
    );
    const works = within(screen.getByRole('table', { name: 'The works and their titles' }));
    expect(works.getByRole('rowheader', { name: 'Work 1' })).toBeTruthy();
    expect(works.getByText('Not shown, at the artist’s request')).toBeTruthy();
    const d = within(screen.getByRole('table', { name: /pairwise preferences d/ }));
    expect(d.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Work 1', 'Work 2']);
    expect(d.getAllByRole('row')[2]?.textContent).toBe('Work 21–');
    const final = within(screen.getByRole('table', { name: 'The final order' }));
    expect(final.getAllByRole('row')[1]?.textContent).toBe('1Work 2First');
    const found = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(found.violations.map((v) => v.id)).toEqual([]);
  });

  it('says the record is not published, with the way back to the results', async () => {
    renderPage(envelope(404, 'JUDGING_RECORD_NOT_PUBLISHED', JUDGING_RECORD_NOT_PUBLISHED));
    await screen.findByRole('heading', { name: JUDGING_RECORD_NOT_PUBLISHED, level: 1 });
    expect(screen.getByRole('link', { name: 'See the results' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
