import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createAccount } from '../../src/server/features/auth/accounts.service.ts';
import { asAdmin, signIn } from './admin-session.ts';
import {
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from './registration.ts';
import type { Judging } from '../../src/shared/schemas/jury.ts';
import type { TestApp } from './test-app.ts';

/** Judging over HTTP: jurors, entries to judge, and the juror's own requests. */

export const JUROR_PASSWORD = 'a juror’s long password';

/** A juror account, signed in; answers its id and session token. */
export async function addJuror(t: TestApp, username: string, name: string) {
  const { id } = await createAccount(
    t.app.deps.db,
    {
      username,
      password: JUROR_PASSWORD,
      juror: { displayName: name, email: `${username}@jury.example` },
    },
    undefined,
    new Date(),
  );
  return { id, name, token: await signIn(t, username, JUROR_PASSWORD) };
}

/**
 * Sets up a competition's judging with one criterion (Composition, 1 to 10) and the panel;
 * answers the criterion's id.
 */
export async function setUpJudging(
  t: TestApp,
  adminToken: string,
  competitionId: string,
  panel: readonly string[],
  jurorsPerEntry: number,
): Promise<string> {
  const judging = await asAdmin(
    t,
    adminToken,
    'PUT',
    `/api/admin/competitions/${competitionId}/judging`,
    {
      criteria: [{ name: 'Composition', weight: 1, scaleMin: 1, scaleMax: 10 }],
      panel,
      jurorsPerEntry,
      publishJury: false,
    },
  );
  expect(judging.statusCode, judging.body).toBe(200);
  return judging.json<Judging>().criteria[0]!.id;
}

/** An artist's personal details, each distinctive, so a test can look for them anywhere. */
export interface Artist {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  pincode: string;
  age: number;
}

export function artistNumbered(n: number): Artist {
  return {
    fullName: `Zenobia Quillfeather ${n}`,
    email: `zenobia.${n}@private-artist.example`,
    phone: `+91 90000 1234${n}`,
    address: `${n} Secret Lane, Hidden Nagar`,
    pincode: `56007${n}`,
    age: 40 + n,
  };
}

/** Answers and files beyond the default fields' (or replacing their answers). */
export interface EntryExtras {
  fieldValues?: Record<string, string>;
  files?: Record<string, Buffer>;
}

/** Registers an entry through the API for `artist`, approves it as the admin; answers its id. */
export async function approvedEntry(
  t: TestApp,
  adminToken: string,
  competitionId: string,
  artist: Artist,
  title: string,
  extras: EntryExtras = {},
): Promise<string> {
  const data = registrationData(competitionId, {
    ...artist,
    fieldValues: {
      artworkTitle: title,
      medium: 'Oil',
      size: 'A2',
      description: 'A study.',
      ...extras.fieldValues,
    },
  });
  const files = { ...(await defaultFiles()), ...extras.files };
  const response = await postRegistration(t, registrationParts(data, files));
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json<{ id: string }>();
  const decided = await asAdmin(t, adminToken, 'PUT', `/api/admin/submissions/${id}/status`, {
    status: 'approved',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return id;
}

/** A request in the jury scope with the juror's session. */
export function asJuror(
  t: TestApp,
  token: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return asAdmin(t, token, method, url, payload);
}
