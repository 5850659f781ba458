import { describe, expect, it } from 'vitest';
import { includedGstPaise, rateToBasisPoints } from './gst.ts';
import {
  financialYearOf,
  receiptFileNameOf,
  receiptNumberOf,
  RECEIPT_NUMBER,
} from './receipt-number.ts';

describe('financialYearOf', () => {
  it('puts 31 March 23:59 IST and 1 April 00:00 IST in different years', () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:00Z'), 'Asia/Kolkata')).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2027-28');
  });

  it('reads the calendar of the time zone, not UTC', () => {
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'), 'UTC')).toBe('2026-27');
    expect(financialYearOf(new Date('2026-04-01T00:00:00Z'), 'UTC')).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'), 'Asia/Kolkata')).toBe('2099-00');
  });
});

describe('receipt numbers', () => {
  it('writes each kind in its own series, six digits', () => {
    expect(receiptNumberOf('receipt', '2026-27', 123)).toBe('WS/2026-27/000123');
    expect(receiptNumberOf('credit_note', '2026-27', 4)).toBe('WS-CN/2026-27/000004');
    expect(RECEIPT_NUMBER.test('WS-CN/2026-27/000004')).toBe(true);
    expect(RECEIPT_NUMBER.test('WS/2026-27/12')).toBe(false);
    expect(receiptFileNameOf('WS/2026-27/000123')).toBe('WS-2026-27-000123.pdf');
  });
});

describe('includedGstPaise', () => {
  it('takes the tax out of an inclusive price, to the nearest paisa', () => {
    // 499 × 18 / 118 = 76.1186… rupees.
    expect(includedGstPaise(49_900, 1800)).toBe(7612);
    // 1000 × 5 / 105 = 47.619… rupees.
    expect(includedGstPaise(100_000, 500)).toBe(4762);
    // Exact: 21 paise at 5 % hold 1 paisa. A half: 112 paise at 28 % hold 24.5, written 25.
    expect(includedGstPaise(21, 500)).toBe(1);
    expect(includedGstPaise(112, 2800)).toBe(25);
    expect(includedGstPaise(111, 2800)).toBe(24);
    expect(includedGstPaise(49_900, null)).toBe(0);
    expect(includedGstPaise(49_900, 0)).toBe(0);
    expect(rateToBasisPoints(0.25)).toBe(25);
  });
});
