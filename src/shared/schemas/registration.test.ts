import { describe, expect, it } from 'vitest';
import { registrationData } from '../../../tests/setup/registration.ts';
import { DEFAULT_FORM_FIELDS, type FormField } from './form-field.ts';
import {
  buildRegistrationSchema,
  checkRegistration,
  type RegistrationReceipt,
  RegistrationReceiptSchema,
} from './registration.ts';

const RECEIPT: RegistrationReceipt = {
  id: '1f0e4c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  reference: 'WS-2026-000123',
  competition: { id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', title: 'Monsoon Colours' },
  entryType: 'paid',
  entryFee: 499,
  status: 'pending',
  paymentStatus: 'pending',
  email: 'aarav@example.com',
  createdAt: '2026-11-24T06:00:00.000Z',
  entryToken: 's1.1790000000.token',
};

describe('RegistrationReceiptSchema', () => {
  it('reads the receipt the server answers', () => {
    expect(RegistrationReceiptSchema.parse(RECEIPT)).toEqual(RECEIPT);
    const free = { ...RECEIPT, entryType: 'free', entryFee: 0, paymentStatus: 'paid' };
    expect(RegistrationReceiptSchema.safeParse(free).success).toBe(true);
  });

  it('refuses a receipt that is not one: another status, a missing reference, a fee as text', () => {
    for (const broken of [
      { ...RECEIPT, status: 'approved' },
      { ...RECEIPT, paymentStatus: 'refunded' },
      { ...RECEIPT, entryType: 'donation' },
      { ...RECEIPT, entryFee: '499' },
      { ...RECEIPT, competition: { id: RECEIPT.competition.id } },
      Object.fromEntries(Object.entries(RECEIPT).filter(([key]) => key !== 'reference')),
    ]) {
      expect(RegistrationReceiptSchema.safeParse(broken).success, JSON.stringify(broken)).toBe(
        false,
      );
    }
  });
});

describe('buildRegistrationSchema: web address fields', () => {
  const fields: FormField[] = DEFAULT_FORM_FIELDS.map((field) =>
    field.id === 'videoUrl' ? { ...field, enabled: true, required: true } : field,
  ).map((field) => (field.id === 'link' ? { ...field, enabled: true } : field));
  const schema = buildRegistrationSchema(fields, (v): v is string => v === 'FILE');
  const values = (fieldValues: Record<string, unknown>) => {
    const data = registrationData('c1');
    // Every default field is asked per work: the one work answers them.
    const work = { ...data.fieldValues, artworkUrl: 'FILE', ...fieldValues };
    return { ...data, photo: 'FILE', fieldValues: {}, works: [{ fieldValues: work }] };
  };

  it('names a required one left out by its label, as an empty one', () => {
    for (const videoUrl of [undefined, '', '  ']) {
      expect(checkRegistration(schema, values({ videoUrl }))).toEqual({
        success: false,
        fields: { 'works.0.fieldValues.videoUrl': 'YouTube Video Link is required' },
      });
    }
  });

  it('gives the web address message for a value that is no web address, of any type', () => {
    for (const link of [42, 'ftp://example.com/x', 'javascript:alert(1)']) {
      const result = checkRegistration(schema, values({ videoUrl: 'https://youtu.be/abc', link }));
      expect(result, String(link)).toEqual({
        success: false,
        fields: {
          'works.0.fieldValues.link':
            'Additional Link must be a web address starting with http:// or https://',
        },
      });
    }
  });

  it('lets an optional one be left out', () => {
    const result = checkRegistration(schema, values({ videoUrl: 'https://youtu.be/abc' }));
    expect(result.success).toBe(true);
  });
});
