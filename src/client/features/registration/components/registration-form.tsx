import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { isFileField } from '../../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { needsGuardian } from '../../../../shared/domain/registration-answers.ts';
import { Button } from '../../../components/button.tsx';
import { useHydrated } from '../../../lib/browser-value.ts';
import { RequiredNote } from '../../../components/form-fields.tsx';
import { PHOTO_PRESET } from '../image-downscale.ts';
import type { WorksRange } from '../../../../shared/schemas/registration-works.ts';
import { loadDraft, type RegistrationDraft, saveDraft } from '../registration-draft.ts';
import {
  initialFormValues,
  lazyRegistrationResolver,
  loadRegistrationCheck,
  type RegistrationFormApi,
  type RegistrationFormValues,
} from '../registration-form-values.ts';
import { useDraftAutosave } from '../use-draft-autosave.ts';
import { useRegistrationSubmit } from '../use-registration-submit.ts';
import { EntryFieldList, fieldMessages } from './entry-fields.tsx';
import { ConsentFields, Honeypot, PersonalFields } from './registration-fields.tsx';
import { ImagePicker } from './image-picker.tsx';
import { SendStatus } from './send-status.tsx';
import { FeeBreakdown } from './fee-breakdown.tsx';
import { WorksFields } from './works-fields.tsx';
import { useArtistPrefill } from '../use-artist-prefill.tsx';

export const DRAFT_RESTORED = 'We restored what you typed earlier.';

const preloadCheck = () => void loadRegistrationCheck();

/** The registration form of an Open competition, its draft, and sending it. */
export function RegistrationForm({
  competition,
  formFields,
  focusFirst = false,
  restore = null,
}: {
  competition: PublicCompetition;
  formFields: FormField[];
  /** Set when shown in place of something the artist chose away from: the focus goes to its start. */
  focusFirst?: boolean;
  /** What was typed for an entry the artist withdrew to start this one: put in the form. */
  restore?: RegistrationDraft | null;
}) {
  const competitionId = competition.id;
  const { minWorks = 1, maxWorks = 1 } = competition;
  const range = useMemo<WorksRange>(() => ({ min: minWorks, max: maxWorks }), [minWorks, maxWorks]);
  const [restored, setRestored] = useState(false);
  const resolver = useMemo(
    () => lazyRegistrationResolver(competitionId, formFields, range),
    [competitionId, formFields, range],
  );
  const form: RegistrationFormApi = useForm({
    defaultValues: initialFormValues(formFields, null, range),
    resolver,
  });
  const { control, register, formState } = form;
  const errors = formState.errors;
  const [preparing, setPreparing] = useState<ReadonlySet<string>>(new Set());
  const age = useWatch({ control, name: 'age' });
  const minor = needsGuardian(age.trim() === '' ? undefined : Number(age));

  const draftSaving = useDraftAutosave(competitionId, form);
  // A signed-in artist's details, once the page runs (after any draft, which they fill around).
  const prefilled = useArtistPrefill(form);
  // A draft kept in this browser, filled in once the page runs: the server knows none of it.
  useEffect(() => {
    const draft = loadDraft(competitionId);
    if (draft === null) return;
    form.reset(initialFormValues(formFields, draft, range));
    // Storage is the browser's alone: read after hydration, the markup matching the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true);
  }, [competitionId, formFields, form, range]);
  const [restoredFocus, setRestoredFocus] = useState(0);
  // The withdrawn entry's answers, kept as this form's draft too; the pictures chosen stay.
  useEffect(() => {
    if (restore === null) return;
    saveDraft(competitionId, { ...restore });
    form.reset(keepingPictures(initialFormValues(formFields, restore, range), form, formFields));
    // Chosen by the artist a moment ago ("Start a different entry"), after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true);
    // Focused once the reset form is drawn again (its fields register anew).
    setRestoredFocus((n) => n + 1);
  }, [restore, competitionId, formFields, form, range]);
  useEffect(() => {
    if (restoredFocus > 0) form.setFocus('fullName');
  }, [restoredFocus, form]);
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
  // Until the app runs the page, a press would submit the form as a page load: nothing is sent.
  const hydrated = useHydrated();
  // How many works the entry holds, as the works' fields say when it changes (not on each key).
  const [works, setWorks] = useState(range.min);
  const { onSubmit, sending, sendingNow, errorCount, checkoutDialog } = useRegistrationSubmit({
    competitionId,
    formFields,
    form,
    draftSaving,
  });

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
    // The pictures were chosen now, not restored: they stay, and so do the works holding them.
    const cleared = initialFormValues(formFields, draftShape(form.getValues()), range);
    form.reset(keepingPictures(cleared, form, formFields));
    setRestored(false);
    // Clear's notice goes away: the focus goes to the first field once the form shows again.
    focusFirstField.current = true;
  }

  return (
    <>
      <form
        noValidate
        aria-label="Registration"
        onSubmit={onSubmit}
        // The check is needed only once the artist starts: it loads then, not with the page.
        onFocus={preloadCheck}
        onInput={preloadCheck}
        className="mt-8 flex flex-col gap-8"
      >
        {restored ? <DraftRestoredNotice onClear={clearRestored} /> : null}
        <RequiredNote />
        <section aria-labelledby="about-you" className="flex flex-col gap-5">
          <h2 id="about-you" className="text-xl font-semibold">
            About you
          </h2>
          {prefilled}
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
        {formFields.length > 0 && range.max > 1 ? (
          <WorksFields
            range={range}
            formFields={formFields}
            minArtworkLongSide={competition.minArtworkLongSide}
            form={form}
            errors={errors}
            progress={sending.phase === 'sending' ? (sending.works ?? null) : null}
            onCountChange={setWorks}
            onBusyChange={onBusyChange}
          />
        ) : formFields.length > 0 ? (
          <EntryFields
            minLongSide={competition.minArtworkLongSide}
            formFields={formFields}
            control={control}
            register={register}
            errors={errors}
            onBusyChange={onBusyChange}
          />
        ) : null}
        <ConsentFields register={register} errors={errors} minor={minor} />
        <Honeypot register={register} />
        {competition.entryType === 'paid' ? (
          <FeeBreakdown competition={competition} form={form} works={works} />
        ) : null}
        <SendStatus sending={sending} errorCount={errorCount} rootError={errors.root?.message} />
        <Button
          type="submit"
          size="lg"
          disabled={!hydrated || sendingNow || preparing.size > 0}
          className="self-start"
        >
          Submit Registration
        </Button>
      </form>
      {/* Outside the form: the test checkout's buttons belong to no registration. */}
      {checkoutDialog}
    </>
  );
}

/** `next`, with the pictures chosen in the form now: typed text is reset, pictures stay. */
function keepingPictures(
  next: RegistrationFormValues,
  form: RegistrationFormApi,
  formFields: FormField[],
): RegistrationFormValues {
  const current = form.getValues();
  next.photo = current.photo;
  const files = formFields.filter(isFileField);
  const keep = (into: RegistrationFormValues['fieldValues'], from: typeof into | undefined) => {
    for (const field of files) if (field.id in into) into[field.id] = from?.[field.id] ?? null;
  };
  keep(next.fieldValues, current.fieldValues);
  next.moreWorks.forEach((work, i) => keep(work.fieldValues, current.moreWorks[i]?.fieldValues));
  return next;
}

/** A draft that keeps only how many works there are, none of their text. */
function draftShape(values: Pick<RegistrationFormValues, 'moreWorks'>): RegistrationDraft {
  return { moreWorks: values.moreWorks.map(() => ({})) };
}

function DraftRestoredNotice({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border-l-4 border-primary bg-gray-50 p-4 dark:bg-gray-900">
      <p role="status" className="flex-1">
        {DRAFT_RESTORED}
      </p>
      <Button variant="outline" size="sm" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

/** The competition's own fields, in the category's order: pictures and answers. */
function EntryFields({
  minLongSide,
  formFields,
  control,
  register,
  errors,
  onBusyChange,
}: {
  minLongSide: number | undefined;
  formFields: FormField[];
  control: RegistrationFormApi['control'];
  register: RegistrationFormApi['register'];
  errors: FieldErrors<RegistrationFormValues>;
  onBusyChange: (name: string, busy: boolean) => void;
}) {
  return (
    <section aria-labelledby="your-entry" className="flex flex-col gap-5">
      <h2 id="your-entry" className="text-xl font-semibold">
        Your entry
      </h2>
      <EntryFieldList
        fields={formFields}
        minArtworkLongSide={minLongSide}
        namePrefix="fieldValues"
        control={control}
        register={register}
        errors={fieldMessages(errors.fieldValues)}
        onBusyChange={onBusyChange}
      />
    </section>
  );
}
