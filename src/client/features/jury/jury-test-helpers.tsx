import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { JurorRound, Work } from '../../../shared/schemas/jury.ts';
import { ToastProvider } from '../../components/toast.tsx';
import type { Answer } from '../admin/common/test-helpers.tsx';
import JuryArea from './jury-area.tsx';

/* What the jury's tests share: a juror's session, rounds and works, and the area mounted. */

export const JUROR_SIGNED_IN: Answer = {
  status: 200,
  body: { username: 'asha', role: 'juror', twoFactorEnabled: false, twoFactorSetupRequired: false },
};

export const ROUND_ID = 'r1';

export function aRound(overrides: Partial<JurorRound> = {}): JurorRound {
  return {
    id: ROUND_ID,
    competition: 'Spring Colours',
    number: 1,
    status: 'open',
    kind: 'score',
    done: 12,
    assigned: 40,
    nextAlias: 'W013',
    firstAlias: 'W001',
    endsAt: null,
    ...overrides,
  };
}

/** Work W013, the 13th of 40 with 12 scored: two criteria (1 to 10 required, 0 to 5 optional). */
export function aWork(overrides: Partial<Work> = {}): Work {
  return {
    alias: 'W013',
    position: 13,
    total: 40,
    done: 12,
    previousAlias: 'W012',
    nextAlias: 'W014',
    answers: [
      { label: 'Title', value: 'Monsoon Evening' },
      { label: 'Medium', value: 'Watercolour on paper' },
    ],
    images: [
      { url: `/api/jury/rounds/${ROUND_ID}/works/W013/images/1`, label: 'Artwork' },
      { url: `/api/jury/rounds/${ROUND_ID}/works/W013/images/2`, label: 'Detail' },
    ],
    kind: 'score',
    criteria: [
      {
        id: 'c1',
        name: 'Composition',
        description: 'How the parts of the picture work together.',
        weight: 2,
        scaleMin: 1,
        scaleMax: 10,
        required: true,
      },
      {
        id: 'c2',
        name: 'Originality',
        description: '',
        weight: 1,
        scaleMin: 0,
        scaleMax: 5,
        required: false,
      },
    ],
    scores: {},
    comment: '',
    feedback: '',
    roundOpen: true,
    ...overrides,
  };
}

export const workPath = (alias: string) => `/api/jury/rounds/${ROUND_ID}/works/${alias}`;

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export const currentLocation = () => screen.getByTestId('location').textContent;

/**
 * The jury area as the app mounts it, at `url`; `adminArea` stands at /admin/*, and `signIn` at
 * /jury/sign-in (the admin's form in the jury's words, which the router mounts).
 */
export function renderJury(
  url: string | { pathname: string; state: unknown },
  adminArea: ReactNode = <h1>Admin Login</h1>,
  signIn: ReactNode = <h1>Jury sign-in</h1>,
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ToastProvider>
        <Routes>
          <Route path="/jury/sign-in" element={signIn} />
          <Route path="/jury/*" element={<JuryArea />} />
          <Route path="/admin/*" element={adminArea} />
        </Routes>
        <CurrentLocation />
      </ToastProvider>
    </MemoryRouter>,
  );
}
