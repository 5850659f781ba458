import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import { WORKS_RANGE_MESSAGES } from '../../../../shared/schemas/works-range.ts';
import { envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { adminCompetitionOf as competition } from './competition-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const MIN = 'Minimum works per entry';
const MAX = 'Maximum works per entry';

/** The competitions page with one competition; `answer` is the server's to each save. */
function stubPage(existing: AdminCompetition, answer?: ReturnType<typeof envelope>) {
  const bodies: unknown[] = [];
  stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [existing] },
    'GET /api/categories': {
      status: 200,
      body: [{ id: 'cat-painting', name: 'Painting', subcategories: [] }],
    },
    'PUT /api/admin/competitions/c1': (body: unknown) => {
      bodies.push(body);
      return answer ?? { status: 200, body: existing };
    },
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

async function setCount(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  value: string,
) {
  await user.clear(field);
  if (value !== '') await user.type(field, value);
}

describe("the competition form's works per entry", () => {
  it('shows 1 and 1 for a competition that set nothing, and sends the range typed', async () => {
    const bodies = stubPage(competition({ subcategory: null, entryType: 'free', entryFee: 0 }));
    const user = userEvent.setup();
    const $ = await openEditForm(user);
    const min = $.getByLabelText(MIN) as HTMLInputElement;
    const max = $.getByLabelText(MAX) as HTMLInputElement;
    expect([min.value, max.value]).toEqual(['1', '1']);
    expect([max.type, max.min, max.max, max.step]).toEqual(['number', '1', '10', '1']);
    await setCount(user, max, '3');
    await user.click($.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ minWorks: 1, maxWorks: 3 });
  });

  it('keeps the range stored, and refuses a maximum below the minimum, sending nothing', async () => {
    const bodies = stubPage(
      competition({ subcategory: null, entryType: 'free', entryFee: 0, minWorks: 2, maxWorks: 4 }),
    );
    const user = userEvent.setup();
    const $ = await openEditForm(user);
    const min = $.getByLabelText(MIN) as HTMLInputElement;
    const max = $.getByLabelText(MAX) as HTMLInputElement;
    expect([min.value, max.value]).toEqual(['2', '4']);
    await setCount(user, min, '5');
    await user.click($.getByRole('button', { name: 'Save Changes' }));
    expect(await $.findByText(WORKS_RANGE_MESSAGES.maxBelowMin)).toBeTruthy();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    await setCount(user, min, '');
    await user.click($.getByRole('button', { name: 'Save Changes' }));
    expect(await $.findByText(WORKS_RANGE_MESSAGES.minWorks)).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it("shows the server's refusal by the field it names", async () => {
    const refusal = envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
      maxWorks: WORKS_RANGE_MESSAGES.maxBelowMin,
    });
    const bodies = stubPage(
      competition({ subcategory: null, entryType: 'free', entryFee: 0 }),
      refusal,
    );
    const user = userEvent.setup();
    const $ = await openEditForm(user);
    await user.click($.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(await $.findByText(WORKS_RANGE_MESSAGES.maxBelowMin)).toBeTruthy();
  });
});
