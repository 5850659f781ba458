import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldPath, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { DATA_PART } from '../../../../shared/registration-request.ts';
import {
  buildRegistrationSchema,
  needsGuardian,
  type RegistrationReceipt,
  type RegistrationValues,
} from '../../../../shared/schemas/registration.ts';
import { Button } from '../../../components/button.tsx';
import { RequiredNote } from '../../../components/form-fields.tsx';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCheckout } from '../checkout/use-checkout.tsx';
import { ARTWORK_PRESET, PHOTO_PRESET } from '../image-downscale.ts';
import { registrationBody, rememberReceipt, sendRegistration } from '../registration-api.ts';
import { clearDraft, DRAFT_SAVE_DELAY_MS, loadDraft, saveDraft } from '../registration-draft.ts';
import { forgetUnpaidEntry, rememberUnpaidEntry } from '../unpaid-entry.ts';
import {
  formNames,
  initialFormValues,
  isBlob,
  type RegistrationFormValues,
  registrationResolver,
} from '../registration-form-values.ts';
import { attemptFor, type RegistrationAttempt, withRetries } from '../registration-retry.ts';
import { ConsentFields, DynamicField, Honeypot, PersonalFields } from './registration-fields.tsx';
import { ImagePicker } from './image-picker.tsx';
import { SendStatus, type Sending } from './send-status.tsx';

/** Seed §8: the registration failure toast when the server gave no message of its own. */
export const REGISTRATION_FAILED = 'Failed to submit registration';
export const DRAFT_RESTORED = 'We restored what you typed earlier.';

type Form = UseFormReturn<RegistrationFormValues, unknown, RegistrationValues<Blob>>;

/** Issue 12: the registration form of an Open competition, its draft, and sending it. */
export function RegistrationForm({
  competition,
  formFields,
  focusFirst = false,
}: {
  competition: PublicCompetition;
  formFields: FormField[];
  /** Set when shown in place of something the artist chose away from: the focus goes to its start. */
  focusFirst?: boolean;
}) {
  const competitionId = competition.id;
  const [draft] = useState(() => loadDraft(competitionId));
  const [restored, setRestored] = useState(draft !== null);
  const resolver = useMemo(
    () =>
      registrationResolver(buildRegistrationSchema(formFields, isBlob), competitionId, formFields),
    [competitionId, formFields],
  );
  const form: Form = useForm({ defaultValues: initialFormValues(formFields, draft), resolver });
  const { control, register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const [preparing, setPreparing] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState<Sending>({ phase: 'idle' });
  const [invalidCount, setInvalidCount] = useState(0);
  const attempt = useRef<RegistrationAttempt | null>(null);
  const abort = useRef<AbortController | null>(null);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const checkout = useCheckout();
  const age = useWatch({ control, name: 'age' });
  const minor = needsGuardian(age.trim() === '' ? undefined : Number(age));

  const draftSaving = useDraftAutosave(competitionId, form);
  // Shown (or shown again, from hidden) in place of what the artist chose away from.
  useEffect(() => {
    if (focusFirst) form.setFocus('fullName');
  }, [focusFirst, form]);
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (!focusFirstField.current) return;
    focusFirstField.current = false;
    form.setFocus('fullName');
  });
  // Leaving the page stops a send that is still going.
  useEffect(() => () => abort.current?.abort(), []);
  useWarnBeforeLeaving(sending.phase === 'sending' || sending.phase === 'retrying');

  function onBusyChange(name: string, busy: boolean) {
    setPreparing((current) => {
      const next = new Set(current);
      if (busy) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  function clearRestored() {
    draftSaving.discard();
    const empty = initialFormValues(formFields);
    // The pictures were chosen now, not restored: they stay.
    const values = form.getValues();
    empty.photo = values.photo;
    for (const field of formFields.filter((f) => f.type === 'image')) {
      empty.fieldValues[field.id] = values.fieldValues[field.id] ?? null;
    }
    form.reset(empty);
    setRestored(false);
    // Clear's notice goes away: the focus goes to the first field once the form shows again.
    focusFirstField.current = true;
  }

  async function send(values: RegistrationValues<Blob>) {
    setInvalidCount(0);
    const body = registrationBody(values);
    const data = body.get(DATA_PART) as string;
    // The chosen pictures themselves (the body wraps them anew each time).
    const files = [values.photo, ...Object.values(values.fieldValues).filter(isBlob)];
    attempt.current = attemptFor(attempt.current, data, files);
    const { key } = attempt.current;
    const controller = new AbortController();
    abort.current = controller;
    setSending({ phase: 'sending', fraction: 0 });
    try {
      const receipt = await withRetries(
        () =>
          sendRegistration(body, key, {
            signal: controller.signal,
            onProgress: (fraction) => setSending({ phase: 'sending', fraction }),
          }),
        {
          signal: controller.signal,
          onRetry: (failure) =>
            setSending({ phase: 'retrying', busy: (failure as ApiError).status === 503 }),
        },
      );
      await succeeded(receipt);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      failed(failure);
    }
  }

  async function succeeded(saved: RegistrationReceipt) {
    draftSaving.stop();
    let receipt = saved;
    rememberReceipt(receipt);
    // Seed §4: a paid entry is saved pending, then the payment window opens. Issue 20: only a
    // paid (or free) entry is a success; one whose fee is not received goes to its entry page,
    // which offers the payment again, and this browser remembers it so the form is not sent twice.
    if (receipt.entryType === 'paid' && receipt.paymentStatus === 'pending') {
      rememberUnpaidEntry(receipt);
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
    // The server's field messages stand under their fields, the first in the form focused.
    const messages = apiError?.fields ?? {};
    const shown = formNames(formFields).filter((name) => messages[name] !== undefined);
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

  const sendingNow =
    sending.phase === 'sending' || sending.phase === 'retrying' || sending.phase === 'paying';
  const errorCount = invalidCount > 0 && Object.keys(errors).length > 0 ? invalidCount : 0;

  return (
    <>
      <form
        noValidate
        aria-label="Registration"
        onSubmit={(event) =>
          void handleSubmit(send, (invalid) => setInvalidCount(countMessages(invalid)))(event)
        }
        className="mt-8 flex flex-col gap-8"
      >
        {restored ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border-l-4 border-primary bg-gray-50 p-4 dark:bg-gray-900">
            <p role="status" className="flex-1">
              {DRAFT_RESTORED}
            </p>
            <Button variant="outline" size="sm" onClick={clearRestored}>
              Clear
            </Button>
          </div>
        ) : null}
        <RequiredNote />
        <section aria-labelledby="about-you" className="flex flex-col gap-5">
          <h2 id="about-you" className="text-xl font-semibold">
            About you
          </h2>
          <PersonalFields register={register} errors={errors} control={control} />
          <ImagePicker
            control={control}
            name="photo"
            label="Photo"
            required
            preset={PHOTO_PRESET}
            hint="A clear photo of your face. JPEG, PNG or WebP, up to 10MB."
            onBusyChange={onBusyChange}
          />
        </section>
        {formFields.length > 0 ? (
          <section aria-labelledby="your-entry" className="flex flex-col gap-5">
            <h2 id="your-entry" className="text-xl font-semibold">
              Your entry
            </h2>
            {formFields.map((field) =>
              field.type === 'image' ? (
                <ImagePicker
                  key={field.id}
                  control={control}
                  name={`fieldValues.${field.id}`}
                  label={field.label}
                  required={field.required}
                  preset={ARTWORK_PRESET}
                  hint="JPEG, PNG or WebP, up to 10MB. Large pictures are sent at up to 2560 pixels."
                  onBusyChange={onBusyChange}
                />
              ) : (
                <DynamicField
                  key={field.id}
                  field={field}
                  register={register}
                  error={errors.fieldValues?.[field.id]?.message}
                />
              ),
            )}
          </section>
        ) : null}
        <ConsentFields register={register} errors={errors} minor={minor} />
        <Honeypot register={register} />
        <SendStatus sending={sending} errorCount={errorCount} rootError={errors.root?.message} />
        <Button
          type="submit"
          size="lg"
          disabled={sendingNow || preparing.size > 0}
          className="self-start"
        >
          Submit Registration
        </Button>
      </form>
      {/* Outside the form: the test checkout's buttons belong to no registration. */}
      {checkout.dialog}
    </>
  );
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

/**
 * Keeps what the artist types as a draft, a moment after each change, and at once when the page
 * is hidden (the phone locked, the app switched) or the form goes away. `discard` drops the draft
 * (and a save on its way); `stop` also keeps nothing more (the entry is in).
 */
function useDraftAutosave(competitionId: string, form: Form) {
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

/** While an entry is on its way, closing the tab asks first. */
function useWarnBeforeLeaving(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
