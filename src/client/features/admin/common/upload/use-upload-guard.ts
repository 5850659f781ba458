import { type FormEvent, useCallback, useReducer } from 'react';

/** Said when Save is pressed while an image is still being sent. */
export const WAIT_FOR_UPLOAD = 'Wait for the image to finish uploading.';

type State = { sending: ReadonlySet<string>; refusals: number };
type Action = { type: 'busy'; field: string; busy: boolean } | { type: 'refuse' };

function reduce(state: State, action: Action): State {
  if (action.type === 'refuse') return { ...state, refusals: state.refusals + 1 };
  if (state.sending.has(action.field) === action.busy) return state;
  const sending = new Set(state.sending);
  if (action.busy) sending.add(action.field);
  else sending.delete(action.field);
  // Once nothing is being sent the message has done its job; a later upload starts afresh.
  return { sending, refusals: sending.size === 0 ? 0 : state.refusals };
}

/**
 * Keeps a form from being saved while one of its images is still uploading (it would be saved
 * without it). Each ImageUploadField reports through `onBusyChange`; `guard(submit)` refuses a
 * submit meanwhile, and `message` then says why until the uploads are done. Save stays enabled
 * (a disabled button cannot be reached or say why); `refusals` keys the alert so that each
 * refused try is read out again.
 */
export function useUploadGuard() {
  const [{ sending, refusals }, dispatch] = useReducer(reduce, {
    sending: new Set<string>(),
    refusals: 0,
  });
  const onBusyChange = useCallback(
    (field: string, busy: boolean) => dispatch({ type: 'busy', field, busy }),
    [],
  );
  const guard =
    (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) =>
    (event: FormEvent<HTMLFormElement>) => {
      if (sending.size === 0) {
        void submit(event);
        return;
      }
      event.preventDefault();
      dispatch({ type: 'refuse' });
    };
  return {
    onBusyChange,
    guard,
    refusals,
    message: refusals > 0 ? WAIT_FOR_UPLOAD : undefined,
  };
}
