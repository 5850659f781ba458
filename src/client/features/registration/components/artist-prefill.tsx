import { useState } from 'react';
import { GENDERS } from '../../../../shared/domain/registration-answers.ts';
import type { MyDetails } from '../../../../shared/schemas/artist.ts';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { forgetArtist, myDetails } from '../../me/me-api.ts';
import type { RegistrationFormApi, RegistrationFormValues } from '../registration-form-values.ts';

export const PREFILLED_NOTE = 'Filled in from your last entry';
export const PHOTO_NOT_LOADED = 'Your last photo could not be loaded: choose a photo below.';

/** The basic details, the ones a registration asks whatever the competition. */
const BASIC = ['fullName', 'age', 'gender', 'email', 'phone', 'address', 'pincode'] as const;
type Basic = (typeof BASIC)[number];

/** A detail as the form holds it; a gender it does not offer stays unchosen. */
function heldValue(details: MyDetails, name: Basic): string {
  if (name === 'age') return String(details.age);
  if (name !== 'gender') return details[name];
  return (GENDERS as readonly string[]).includes(details.gender) ? details.gender : '';
}

/**
 * A signed-in artist's details from their last entry, put in the basic fields still empty (a
 * draft typed here wins). A refusal (signed out, no entry yet) fills nothing and says nothing.
 * The details when any field was filled; else null.
 */
export async function fillFromLastEntry(
  form: RegistrationFormApi,
  /** Whether the form has gone meanwhile (or its effect was undone): then nothing is filled. */
  gone: () => boolean,
): Promise<MyDetails | null> {
  let details: MyDetails;
  try {
    details = await myDetails();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) forgetArtist();
    return null;
  }
  if (gone()) return null;
  let any = false;
  for (const name of BASIC) {
    const value = heldValue(details, name);
    if (value === '' || form.getValues(name) !== '') continue;
    form.setValue(name, value as RegistrationFormValues[Basic], { shouldDirty: true });
    any = true;
  }
  return any ? details : null;
}

/** "Filled in from your last entry", and the last photo to use again. */
export function PrefillNotice({
  details,
  form,
}: {
  details: MyDetails;
  form: RegistrationFormApi;
}) {
  const [photo, setPhoto] = useState<'offered' | 'loading' | 'used' | 'failed'>('offered');
  const last = details.photo;
  const reusePhoto = async () => {
    if (!last) return;
    setPhoto('loading');
    try {
      const response = await fetch(last.url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      form.setValue('photo', await response.blob(), { shouldDirty: true, shouldValidate: true });
      setPhoto('used');
    } catch {
      setPhoto('failed');
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border-l-4 border-primary bg-gray-50 p-4 dark:bg-gray-900">
      <p role="status">
        {PREFILLED_NOTE}. Check each answer: change anything that is not right now.
      </p>
      {last && last.kind === 'image' && photo !== 'used' ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={last.url}
            alt="Your photo from your last entry"
            className="h-16 w-16 rounded-lg object-cover"
          />
          <Button
            variant="outline"
            size="sm"
            disabled={photo === 'loading'}
            onClick={() => void reusePhoto()}
          >
            Use this photo
          </Button>
        </div>
      ) : null}
      {photo === 'failed' ? <p role="alert">{PHOTO_NOT_LOADED}</p> : null}
    </div>
  );
}
