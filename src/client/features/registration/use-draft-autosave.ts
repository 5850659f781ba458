import { useEffect, useMemo, useRef } from 'react';
import { clearDraft, DRAFT_SAVE_DELAY_MS, saveDraft } from './registration-draft.ts';
import type { RegistrationFormApi, RegistrationFormValues } from './registration-form-values.ts';

/**
 * Keeps what the artist types as a draft, a moment after each change, and at once when the page
 * is hidden (the phone locked, the app switched) or the form goes away. `discard` drops the draft
 * (and a save on its way); `stop` also keeps nothing more (the entry is in).
 */
export function useDraftAutosave(competitionId: string, form: RegistrationFormApi) {
  const controls = useRef({ discard: () => {}, stop: () => {} });
  useEffect(() => {
    let timer: number | undefined;
    let pending: RegistrationFormValues | null = null;
    let stopped = false;
    const flush = () => {
      window.clearTimeout(timer);
      if (pending && !stopped) saveDraft(competitionId, { ...pending });
      pending = null;
    };
    const discard = () => {
      window.clearTimeout(timer);
      pending = null;
      clearDraft(competitionId);
    };
    controls.current = {
      discard,
      stop: () => {
        stopped = true;
        discard();
      },
    };
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        // reset() (Clear) names no field: nothing was typed.
        if (name === undefined || stopped) return;
        pending = values;
        window.clearTimeout(timer);
        timer = window.setTimeout(flush, DRAFT_SAVE_DELAY_MS);
      },
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [competitionId, form]);
  return useMemo(
    () => ({ discard: () => controls.current.discard(), stop: () => controls.current.stop() }),
    [],
  );
}

export type DraftAutosave = ReturnType<typeof useDraftAutosave>;
