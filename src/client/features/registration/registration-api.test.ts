import { afterEach, describe, expect, it } from 'vitest';
import type { RegistrationReceipt } from '../../../shared/schemas/registration.ts';
import {
  LAST_REGISTRATION_KEY,
  parseRetryAfter,
  readReceipt,
  registrationBody,
  rememberReceipt,
} from './registration-api.ts';

afterEach(() => sessionStorage.clear());

const photo = new Blob(['photo'], { type: 'image/jpeg' });
const artwork = new Blob(['artwork'], { type: 'image/jpeg' });

describe('registrationBody', () => {
  it("is the contract's parts in order: data without files, photo, then each work's image fields", async () => {
    const body = registrationBody({
      competitionId: 'c1',
      fullName: 'Meera Iyer',
      age: 34,
      gender: 'female',
      email: 'meera@example.com',
      phone: '+91 98765 43210',
      address: '4 Lake Road',
      pincode: '700029',
      photo,
      fieldValues: { statement: 'Why' },
      works: [{ fieldValues: { artworkTitle: 'Rain', artworkUrl: artwork } }],
      consent: true,
      publicationConsent: 'anonymous',
    });
    expect([...body.keys()]).toEqual(['data', 'photo', 'works.0.artworkUrl']);
    expect(JSON.parse(body.get('data') as string)).toEqual({
      competitionId: 'c1',
      fullName: 'Meera Iyer',
      age: 34,
      gender: 'female',
      email: 'meera@example.com',
      phone: '+91 98765 43210',
      address: '4 Lake Road',
      pincode: '700029',
      fieldValues: { statement: 'Why' },
      works: [{ fieldValues: { artworkTitle: 'Rain' } }],
      consent: true,
      publicationConsent: 'anonymous',
    });
    expect(await (body.get('photo') as Blob).text()).toBe('photo');
    expect(await (body.get('works.0.artworkUrl') as Blob).text()).toBe('artwork');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('the receipt handed to the success page', () => {
  const receipt: RegistrationReceipt = {
    id: 's1',
    reference: 'WS-2026-000123',
    competition: { id: 'c1', title: 'Monsoon Colours' },
    entryType: 'free',
    entryFee: 0,
    status: 'pending',
    paymentStatus: 'paid',
    email: 'meera@example.com',
    createdAt: '2026-11-24T12:00:00.000Z',
    entryToken: 's1.1790000000.token',
  };

  it('comes from the router state first, else from this tab, where it was kept', () => {
    expect(readReceipt(null)).toBeNull();
    rememberReceipt(receipt);
    expect(JSON.parse(sessionStorage.getItem(LAST_REGISTRATION_KEY) ?? '')).toEqual(receipt);
    expect(readReceipt(null)).toEqual(receipt);
    const other = { ...receipt, reference: 'WS-2026-000124' };
    expect(readReceipt({ receipt: other })).toEqual(other);
  });

  it('ignores what is not a receipt', () => {
    sessionStorage.setItem(LAST_REGISTRATION_KEY, '{"reference": 5}');
    expect(readReceipt({ receipt: { reference: 'x' } })).toBeNull();
    sessionStorage.setItem(LAST_REGISTRATION_KEY, 'not json');
    expect(readReceipt(undefined)).toBeNull();
  });
});
