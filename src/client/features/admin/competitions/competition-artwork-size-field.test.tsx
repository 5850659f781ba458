import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARTWORK_SIZE_MESSAGES } from '../../../../shared/schemas/artwork-size.ts';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { adminCompetitionOf as competition } from './competition-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LABEL = 'Minimum artwork size (pixels on the longer side)';

/** The competitions page with one competition and a fake server; answers the bodies written. */
function stubPage(existing: AdminCompetition) {
  const bodies: unknown[] = [];
  const save = (body: unknown) => {
    bodies.push(body);
    return { status: 200, body: existing };
  };
  stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [existing] },
    'GET /api/categories': {
      status: 200,
      body: [{ id: 'cat-painting', name: 'Painting', subcategories: [] }],
    },
    'PUT /api/admin/competitions/c1': save,
  });
  renderAdmin('/admin/competitions');
  return bodies;
}

async function openEditForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Monsoon Colours' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Competition' });
  await within(dialog).findByRole('option', { name: 'Painting' });
  return within(dialog);
}

describe("the competition form's minimum artwork size", () => {
  it('shows the minimum kept, sends a new one, and an empty box as none', async () => {
    const bodies = stubPage(
      competition({ subcategory: null, entryType: 'free', entryFee: 0, minArtworkLongSide: 3000 }),
    );
    const user = userEvent.setup();
    const $ = await openEditForm(user);
    const field = $.getByLabelText(LABEL) as HTMLInputElement;
    expect(field.value).toBe('3000');
    expect([field.type, field.min, field.max, field.step]).toEqual(['number', '1', '20000', '1']);
    await user.clear(field);
    await user.type(field, '4000');
    await user.click($.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ minArtworkLongSide: 4000 });

    await user.click(await screen.findByRole('button', { name: 'Edit Monsoon Colours' }));
    const again = within(screen.getByRole('dialog', { name: 'Edit Competition' }));
    await again.findByRole('option', { name: 'Painting' });
    await user.clear(again.getByLabelText(LABEL));
    await user.click(again.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ minArtworkLongSide: null });
  });

  it('refuses a size below 1 pixel in the browser, sending nothing', async () => {
    const bodies = stubPage(competition({ subcategory: null, entryType: 'free', entryFee: 0 }));
    const user = userEvent.setup();
    const $ = await openEditForm(user);
    await user.type($.getByLabelText(LABEL), '0');
    await user.click($.getByRole('button', { name: 'Save Changes' }));
    expect(await $.findByText(ARTWORK_SIZE_MESSAGES.tooSmall)).toBeTruthy();
    expect(bodies).toEqual([]);
  });
});
