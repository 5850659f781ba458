/**
 * Registrations for `npm run bench`: the two images an artist's browser sends (a photo
 * of at most 800 px at JPEG quality 0.7, an artwork of at most 2560 px), and POST /api/submissions
 * as the registration form sends it, once or as a steady burst.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/csrf.ts';
import type { FormField } from '../../src/shared/schemas/form-field.ts';
import { type Burst, startBurst } from './uploads.ts';

export const PHOTO_MAX_PX = 800;
export const ARTWORK_MAX_PX = 2560;

export interface RegistrationImages {
  photo: Buffer;
  artwork: Buffer;
}

/** What the browser makes of a camera photo before sending: the seed's numbers for the photo. */
export async function registrationImages(cameraPhoto: Buffer): Promise<RegistrationImages> {
  const fit = (px: number) => ({ width: px, height: px, fit: 'inside' as const });
  return {
    photo: await sharp(cameraPhoto).resize(fit(PHOTO_MAX_PX)).jpeg({ quality: 70 }).toBuffer(),
    artwork: await sharp(cameraPhoto).resize(fit(ARTWORK_MAX_PX)).jpeg({ quality: 85 }).toBuffer(),
  };
}

export interface RegistrationTarget {
  competitionId: string;
  fields: FormField[];
}

/** The first Open competition and its form's fields, as the registration page reads them. */
export async function openCompetitionForm(base: string): Promise<RegistrationTarget> {
  const list = (await (await fetch(`${base}/api/competitions`)).json()) as {
    id: string;
    status: string;
  }[];
  const open = list.find((c) => c.status === 'open');
  if (!open) throw new Error('The demo content has no open competition to register for');
  const form = (await (
    await fetch(`${base}/api/competitions/${open.id}/registration-form`)
  ).json()) as { formFields: FormField[] };
  return { competitionId: open.id, fields: form.formFields };
}

let artists = 0;

/**
 * One registration: the form's values as JSON in `data`, then the photo, then the artwork in
 * every image field. Each comes from its own address (X-Forwarded-For, the bench server trusts
 * its proxy), as real artists do, so the per-address limit does not refuse the bench.
 */
export async function register(
  base: string,
  target: RegistrationTarget,
  images: RegistrationImages,
  /** How to reach the site, when not the default way (load.ts through the cluster). */
  init: { dispatcher?: unknown } = {},
): Promise<{ status: number; ms: number; body: string }> {
  const n = ++artists;
  const fieldValues = Object.fromEntries(
    target.fields
      .filter((f) => f.type === 'text')
      .map((f) => [f.id, f.id === 'description' ? 'Ink and wash, made for the bench.' : 'Bench']),
  );
  const form = new FormData();
  const data = {
    competitionId: target.competitionId,
    fullName: `Bench Artist ${n}`,
    age: 30,
    gender: 'female',
    email: `artist${n}@example.com`,
    phone: '+91 98765 43210',
    address: '12 MG Road, Pune',
    pincode: '411001',
    fieldValues,
    consent: true,
    publicationConsent: 'name',
  };
  form.append('data', JSON.stringify(data));
  const jpeg = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  form.append('photo', jpeg(images.photo), 'photo.jpg');
  for (const field of target.fields.filter((f) => f.type === 'image')) {
    form.append(`fieldValues.${field.id}`, jpeg(images.artwork), 'artwork.jpg');
  }
  const started = performance.now();
  const response = await fetch(`${base}/api/submissions`, {
    method: 'POST',
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'idempotency-key': randomUUID(),
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: form,
    signal: AbortSignal.timeout(120_000),
    ...init,
  } as RequestInit);
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, body };
}

/** Keeps `inFlight` registrations going at all times, each starting as soon as one answers. */
export function startRegistrationBurst(
  base: string,
  target: RegistrationTarget,
  images: RegistrationImages,
  inFlight: number,
): Burst {
  return startBurst(async () => {
    const answer = await register(base, target, images);
    return answer.status === 201
      ? { ms: answer.ms }
      : { failure: `status ${answer.status}: ${answer.body.slice(0, 200)}` };
  }, inFlight);
}
