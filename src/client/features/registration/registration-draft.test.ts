import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearDraft,
  DRAFT_MAX_AGE_MS,
  draftKey,
  draftOf,
  loadDraft,
  saveDraft,
} from './registration-draft.ts';

afterEach(() => localStorage.clear());

const TYPED = {
  fullName: 'Meera Iyer',
  age: '12',
  gender: 'female',
  email: '',
  photo: new Blob(['x']),
  consent: true,
  publicationConsent: 'none',
  guardianConsent: true,
  guardianName: 'Ravi Iyer',
  website: 'bot',
  fieldValues: { artworkTitle: 'Rain', artworkUrl: new Blob(['y']), description: '' },
};

describe('the registration draft', () => {
  it('keeps typed text only: no pictures, no consent, no honeypot, no empty answers', () => {
    expect(draftOf(TYPED)).toEqual({
      fullName: 'Meera Iyer',
      age: '12',
      gender: 'female',
      guardianName: 'Ravi Iyer',
      fieldValues: { artworkTitle: 'Rain' },
    });
    expect(draftOf({ fullName: '', fieldValues: { a: '' }, consent: true })).toBeNull();
  });

  it('is kept per competition and read back', () => {
    saveDraft('c1', TYPED);
    saveDraft('c2', { fullName: 'Someone else' });
    expect(loadDraft('c1')?.fullName).toBe('Meera Iyer');
    expect(loadDraft('c2')).toEqual({ fullName: 'Someone else' });
    expect(loadDraft('c3')).toBeNull();
  });

  it('is removed when everything typed is erased, or cleared', () => {
    saveDraft('c1', TYPED);
    saveDraft('c1', { fullName: '' });
    expect(localStorage.getItem(draftKey('c1'))).toBeNull();
    saveDraft('c1', TYPED);
    clearDraft('c1');
    expect(loadDraft('c1')).toBeNull();
  });

  it('is forgotten after thirty days', () => {
    const savedAt = Date.UTC(2026, 10, 1);
    saveDraft('c1', TYPED, savedAt);
    expect(loadDraft('c1', savedAt + DRAFT_MAX_AGE_MS - 1)).not.toBeNull();
    expect(loadDraft('c1', savedAt + DRAFT_MAX_AGE_MS)).toBeNull();
    expect(localStorage.getItem(draftKey('c1'))).toBeNull();
  });

  it('drops a broken or tampered draft, keeping only text', () => {
    localStorage.setItem(draftKey('c1'), '{not json');
    expect(loadDraft('c1')).toBeNull();
    localStorage.setItem(
      draftKey('c1'),
      JSON.stringify({ savedAt: Date.now(), draft: { fullName: 7, email: 'a@b.in', x: 'y' } }),
    );
    expect(loadDraft('c1')).toEqual({ email: 'a@b.in' });
  });

  it('never breaks the form when storage refuses', () => {
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(() => saveDraft('c1', TYPED)).not.toThrow();
    expect(loadDraft('c1')).toBeNull();
  });
});
