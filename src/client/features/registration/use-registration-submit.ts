import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DATA_PART } from '../../../shared/registration-request.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import type { RegistrationValues } from '../../../shared/schemas/registration.ts';
import { useToast } from '../../components/toast.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useCheckout } from './components/checkout/use-checkout.tsx';
import type { Sending } from './components/send-status.tsx';
import {
  type KeptReceipt,
  registrationBody,
  rememberReceipt,
  sendRegistration,
} from './registration-api.ts';
import { multipartBody, worksProgress } from './multipart-body.ts';
import {
  formNames,
  formPathOf,
  isBlob,
  type RegistrationFormApi,
  type RegistrationFormValues,
} from './registration-form-values.ts';
import { attemptFor, type RegistrationAttempt, withRetries } from './registration-retry.ts';
import { draftOf } from './registration-draft.ts';
import { forgetUnpaidEntry, rememberUnpaidEntry } from './unpaid-entry-api.ts';
import type { DraftAutosave } from './use-draft-autosave.ts';

/** Seed §8: the registration failure toast when the server gave no message of its own. */
export const REGISTRATION_FAILED = 'Failed to submit registration';

/**
 * Sending the checked form: its retries under one idempotency key, the payment of a paid entry,
 * and where the artist goes next (the receipt, or the entry page while the fee is not received).
 * A refusal shows as a toast and the server's field messages under their fields.
 */
export function useRegistrationSubmit({
  competitionId,
  formFields,
  form,
  draftSaving,
}: {
  competitionId: string;
  formFields: FormField[];
  form: RegistrationFormApi;
  draftSaving: DraftAutosave;
}) {
  const [sending, setSending] = useState<Sending>({ phase: 'idle' });
  const [invalidCount, setInvalidCount] = useState(0);
  const attempt = useRef<RegistrationAttempt | null>(null);
  const abort = useRef<AbortController | null>(null);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const checkout = useCheckout();

  // Leaving the page stops a send that is still going.
  useEffect(() => () => abort.current?.abort(), []);
  useWarnBeforeLeaving(sending.phase === 'sending' || sending.phase === 'retrying');

  async function send(values: RegistrationValues<Blob>) {
    setInvalidCount(0);
    const formData = registrationBody(values);
    const data = formData.get(DATA_PART) as string;
    const body = multipartBody(formData);
    const works = values.works.length;
    // The chosen pictures themselves (the body wraps them anew each time).
    const answers = [values.fieldValues, ...values.works.map((work) => work.fieldValues)];
    const files = [values.photo, ...answers.flatMap((a) => Object.values(a).filter(isBlob))];
    attempt.current = attemptFor(attempt.current, data, files);
    const { key } = attempt.current;
    const controller = new AbortController();
    abort.current = controller;
    setSending({ phase: 'sending', fraction: 0, works: worksProgress(body.parts, works, 0) });
    try {
      const receipt = await withRetries(
        () =>
          sendRegistration(body, key, {
            signal: controller.signal,
            onProgress: (loaded, total) =>
              setSending({
                phase: 'sending',
                fraction: loaded / total,
                works: worksProgress(body.parts, works, loaded),
              }),
          }),
        {
          signal: controller.signal,
          onRetry: (failure) =>
            setSending({ phase: 'retrying', busy: (failure as ApiError).status === 503 }),
        },
      );
      // The code the server took, if any: the success page says what it did to the fee.
      const code = form.getValues('code').trim().toUpperCase();
      await succeeded(code ? { ...receipt, code } : receipt);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      failed(failure);
    }
  }

  async function succeeded(saved: KeptReceipt) {
    draftSaving.stop();
    let receipt = saved;
    rememberReceipt(receipt);
    // Seed §4: a paid entry is saved pending, then the payment window opens. Only a paid (or
    // free) entry is a success; one whose fee is not received goes to its entry page, which
    // offers the payment again, and this browser remembers it so the form is not sent twice.
    if (receipt.entryType === 'paid' && receipt.paymentStatus === 'pending') {
      // With what was typed: "Start a different entry" starts from it, not from a blank form.
      rememberUnpaidEntry(receipt, Date.now(), draftOf({ ...form.getValues() }));
      setSending({ phase: 'paying' });
      const paymentStatus = await checkout.pay(receipt.entryToken);
      setSending({ phase: 'idle' });
      if (paymentStatus === 'pending') {
        void navigate(paths.entryOf(receipt.entryToken));
        return;
      }
      forgetUnpaidEntry(competitionId);
      receipt = { ...receipt, paymentStatus };
      rememberReceipt(receipt);
    }
    setSending({ phase: 'idle' });
    void navigate(paths.registrationSuccess, { state: { receipt } });
  }

  function failed(failure: unknown) {
    const apiError = failure instanceof ApiError ? failure : null;
    const status = apiError?.status ?? -1;
    // The server's own message for what it refused; the seed's words for everything else.
    showToast(status >= 400 && status < 500 ? apiError!.message : REGISTRATION_FAILED, {
      variant: 'error',
    });
    // The server's field messages stand under their fields, the first in the form focused; a
    // work's (`works.<n>.fieldValues.<id>`) under that work's field.
    const messages: Record<string, string> = {};
    for (const [key, message] of Object.entries(apiError?.fields ?? {})) {
      messages[formPathOf(key)] ??= message;
    }
    const works = 1 + form.getValues('moreWorks').length;
    const shown = formNames(formFields, works).filter((name) => messages[name] !== undefined);
    shown.forEach((name, i) =>
      form.setError(
        name as FieldPath<RegistrationFormValues>,
        { type: 'server', message: messages[name]! },
        { shouldFocus: i === 0 },
      ),
    );
    setInvalidCount(shown.length);
    setSending(shown.length > 0 ? { phase: 'idle' } : { phase: 'failed', error: apiError });
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit(send, (invalid) => setInvalidCount(countMessages(invalid)))(event);
  const sendingNow =
    sending.phase === 'sending' || sending.phase === 'retrying' || sending.phase === 'paying';
  const errorCount =
    invalidCount > 0 && Object.keys(form.formState.errors).length > 0 ? invalidCount : 0;
  return { onSubmit, sending, sendingNow, errorCount, checkoutDialog: checkout.dialog };
}

/** How many fields a failed check flagged (the dynamic ones sit one level down). */
function countMessages(errors: object): number {
  let count = 0;
  for (const [name, value] of Object.entries(errors)) {
    if (name === 'root') continue;
    count +=
      typeof (value as { message?: unknown }).message === 'string' ? 1 : countMessages(value);
  }
  return count;
}

/** While an entry is on its way, closing the tab asks first. */
function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
