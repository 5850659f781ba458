import { type ReactNode, useEffect, useState } from 'react';
import { mayBeArtist } from '../me/artist-session-api.ts';
import type { RegistrationFormApi } from './registration-form-values.ts';

/**
 * The registration's basic details from a signed-in artist's last entry, once the page runs.
 * Asked only when this browser has signed in as an artist, and loaded only then: the form's own
 * download carries none of it. The notice to show, or null.
 */
export function useArtistPrefill(form: RegistrationFormApi) {
  const [notice, setNotice] = useState<ReactNode>(null);
  useEffect(() => {
    if (!mayBeArtist()) return;
    let cancelled = false;
    void import('./components/artist-prefill.tsx').then(
      async ({ fillFromLastEntry, PrefillNotice }) => {
        const details = await fillFromLastEntry(form, () => cancelled);
        if (details) setNotice(<PrefillNotice details={details} form={form} />);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [form]);
  return notice;
}
