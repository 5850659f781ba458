import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flatPrices } from '../../../../shared/domain/pricing.ts';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import {
  type Answer,
  envelope,
  expectToastFor,
  renderAdmin,
  requiredMarks,
  SIGNED_IN,
  stubApi,
  stubUploads,
  userOnFakeClock,
} from '../common/test-helpers.tsx';
import { adminCompetitionOf } from './competition-fixture.ts';
import { deletedMessage, deleteQuestion } from './competitions-page.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/admin/competitions';
const CREATE = 'POST /api/admin/competitions';
const CATEGORIES: Answer = {
  status: 200,
  body: [
    {
      id: 'cat-painting',
      name: 'Painting',
      subcategories: [
        { id: 'sub-water', name: 'Watercolour' },
        { id: 'sub-oil', name: 'Oil' },
      ],
    },
    { id: 'cat-sculpture', name: 'Sculpture', subcategories: [] },
  ],
};

const competition = adminCompetitionOf;

/** The page with a fake server; returns the calls made and the bodies written. */
function stubPage(list: AdminCompetition[], routes: Parameters<typeof stubApi>[0] = {}) {
  const bodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [LIST]: { status: 200, body: list },
    'GET /api/categories': CATEGORIES,
    [CREATE]: (body) => {
      bodies.push(body);
      return { status: 201, body: competition({ id: 'new', title: 'New one' }) };
    },
    ...routes,
  });
  renderAdmin('/admin/competitions');
  return { calls, bodies };
}

async function openAddForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Competition' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Competition' });
  // The categories arrive: the selector is enabled.
  await within(dialog).findByRole('option', { name: 'Painting' });
  return dialog;
}

/** Fills every required field of a valid free competition. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const $ = within(dialog);
  await user.type($.getByLabelText('Title *'), 'Summer Sketches');
  await user.type($.getByLabelText('Description *'), 'Draw the summer.');
  await user.selectOptions($.getByLabelText('Category *'), 'cat-sculpture');
  await user.type($.getByLabelText('Start date *'), '2026-12-01');
  await user.type($.getByLabelText('End date *'), '2026-12-31');
}

describe('the competitions page', () => {
  it('lists title, description, category, dates and status, with Edit and Delete', async () => {
    stubPage([
      competition(),
      competition({
        id: 'c2',
        title: 'Clay Days',
        category: { id: 'cat-sculpture', name: 'Sculpture' },
        subcategory: null,
        entryType: 'free',
        entryFee: 0,
        status: 'upcoming',
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Competitions, newest first' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Title', 'Description', 'Category', 'Dates', 'Status', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.textContent).toContain('Monsoon Colours');
    expect(first?.textContent).toContain('₹499');
    expect(first?.textContent).toContain('Paint the rains.');
    expect(first?.textContent).toContain('PaintingWatercolour');
    expect(first?.textContent).toContain('21 November 2026');
    expect(first?.textContent).toContain('30 November 2026');
    expect(first?.textContent).toContain('Open');
    expect(second?.textContent).toContain('Free Entry');
    expect(second?.textContent).toContain('Upcoming');
    expect(within(table).getByRole('button', { name: 'Edit Clay Days' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Delete Clay Days' })).toBeTruthy();
  });

  it('says when there are none, and when the list cannot be fetched', async () => {
    stubPage([]);
    expect(
      await screen.findByText('No competitions found. Create one to get started.'),
    ).toBeTruthy();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    stubPage([], { [LIST]: envelope(500, 'INTERNAL_ERROR', 'Boom') });
    const failure = await screen.findByText('Failed to fetch competitions');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("says 'Failed to fetch categories' in the form when they cannot be read, and tries again", async () => {
    let fail = true;
    stubPage([], {
      'GET /api/categories': () =>
        fail ? envelope(500, 'INTERNAL_ERROR', 'Boom') : (CATEGORIES as Answer),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Competition' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Competition' });
    const failure = await within(dialog).findByText('Failed to fetch categories');
    expect(failure.getAttribute('role')).toBe('alert');
    expect((within(dialog).getByLabelText('Category *') as HTMLSelectElement).disabled).toBe(true);
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('option', { name: 'Painting' })).toBeTruthy();
    expect(within(dialog).queryByText('Failed to fetch categories')).toBeNull();
  });

  it('marks each required field with * and as required, the fee once it is asked for', async () => {
    stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const always = ['Title *', 'Description *', 'Category *', 'Start date *', 'End date *'];
    expect(requiredMarks(dialog)).toEqual({ required: always, marked: always });
    await user.click(within(dialog).getByLabelText('Paid'));
    const withFee = [...always, 'Entry fee (₹) *'];
    expect(requiredMarks(dialog)).toEqual({ required: withFee, marked: withFee });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toBe(
      within(dialog).getByLabelText('Title *'),
    );
  });

  it('ties a message about the entry type to its radio buttons', async () => {
    stubPage([], {
      [CREATE]: envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        entryType: 'Entry type is required',
      }),
    });
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const group = within(dialog).getByRole('group', { name: 'Entry type' });
    expect(group.getAttribute('aria-describedby')).toBeNull();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Competition' }));
    const message = await within(dialog).findByText('Entry type is required');
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    for (const radio of within(group).getAllByRole('radio')) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
    }
  });

  it('checks the required fields in the browser, sending nothing', async () => {
    const { calls } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add Competition' }));
    for (const message of [
      'Title is required',
      'Description is required',
      'Category is required',
      'Start date is required',
      'End date is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    expect(within(dialog).getByLabelText('Title *').getAttribute('aria-invalid')).toBe('true');
    expect(calls).not.toContain(CREATE);
  });

  it("refuses an end date before the start date: 'End date must be on or after the start date'", async () => {
    const { calls } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog);
    const end = within(dialog).getByLabelText('End date *');
    await user.clear(end);
    await user.type(end, '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Add Competition' }));
    expect(within(dialog).getByText('End date must be on or after the start date')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(calls).not.toContain(CREATE);
  });

  it('offers the subcategory only for a category that has some, and a new category clears it', async () => {
    const { bodies } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const $ = within(dialog);
    expect($.queryByLabelText('Subcategory')).toBeNull();
    await user.selectOptions($.getByLabelText('Category *'), 'cat-painting');
    const subcategory = $.getByLabelText('Subcategory');
    expect(
      within(subcategory)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Watercolour', 'Oil']);
    await user.selectOptions(subcategory, 'sub-oil');
    await user.selectOptions($.getByLabelText('Category *'), 'cat-sculpture');
    expect($.queryByLabelText('Subcategory')).toBeNull();
    await user.selectOptions($.getByLabelText('Category *'), 'cat-painting');
    expect(($.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe('');

    await fillRequired(user, dialog);
    await user.selectOptions($.getByLabelText('Category *'), 'cat-painting');
    await user.click($.getByRole('button', { name: 'Add Competition' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ categoryId: 'cat-painting', subcategoryId: null });
  });

  it('free is the default and hides the fee; paid asks for a whole number of at least ₹1; back to free sends 0', async () => {
    const { bodies } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const $ = within(dialog);
    expect(($.getByLabelText('Free') as HTMLInputElement).checked).toBe(true);
    expect($.queryByLabelText('Entry fee (₹) *')).toBeNull();

    await fillRequired(user, dialog);
    await user.click($.getByLabelText('Paid'));
    const fee = $.getByLabelText('Entry fee (₹) *');
    expect(fee.getAttribute('type')).toBe('number');
    // Paid means a fee: at least ₹1.
    expect(fee.getAttribute('min')).toBe('1');
    expect(fee.getAttribute('step')).toBe('1');
    expect(fee.hasAttribute('required')).toBe(true);
    const submit = $.getByRole('button', { name: 'Add Competition' });
    for (const [typed, message] of [
      ['', 'Entry fee is required'],
      ['12.5', 'Entry fee must be a whole number'],
      ['-1', 'Entry fee must be at least 0'],
      ['0', 'Entry fee must be at least ₹1 for a paid competition'],
    ] as const) {
      await user.clear(fee);
      if (typed) await user.type(fee, typed);
      await user.click(submit);
      expect($.getByText(message), typed).toBeTruthy();
    }
    expect(bodies).toEqual([]);

    await user.clear(fee);
    await user.type(fee, '750');
    await user.click($.getByLabelText('Free'));
    expect($.queryByLabelText('Entry fee (₹) *')).toBeNull();
    await user.click(submit);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      title: 'Summer Sketches',
      description: 'Draw the summer.',
      categoryId: 'cat-sculpture',
      subcategoryId: null,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      entryType: 'free',
      // Free: a fee of 0 and no prices beyond it.
      ...flatPrices(0),
      minWorks: 1,
      maxWorks: 1,
      imageUrl: '',
      prizeImageUrl: '',
      rules: '',
      eligibility: '',
      prizeDescription: '',
      minArtworkLongSide: null,
      // Decision 021: no closing time (the end of the end date), and not a draft.
      closingTime: null,
      draft: false,
    });
  });

  it('sends a paid competition’s prices, the tiers’ times read in the site’s time zone', async () => {
    const user = userEvent.setup();
    const { bodies } = stubPage([]);
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByLabelText('Paid'));
    await user.type(within(dialog).getByLabelText('Entry fee (₹) *'), '500');
    await user.type(within(dialog).getByLabelText('Fee for each further work (₹)'), '300');
    await user.type(within(dialog).getByLabelText('Early-bird fee (₹)'), '400');
    const until = within(dialog).getByLabelText('Early-bird prices end');
    fireEvent.change(until, { target: { value: '2026-12-10T09:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add Competition' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      entryFee: 500,
      furtherWorkFee: 300,
      earlyBirdFee: 400,
      earlyBirdFurtherFee: null,
      // 09:30 in Asia/Kolkata.
      earlyBirdUntil: '2026-12-10T04:00:00.000Z',
      lateFee: null,
      lateFrom: null,
    });
  });

  it('adds a paid competition: a 5-second toast, the form closes and the list is read again', async () => {
    const user = userOnFakeClock();
    const { calls, bodies } = stubPage([]);
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByLabelText('Paid'));
    await user.type(within(dialog).getByLabelText('Entry fee (₹) *'), '499');
    await user.click(within(dialog).getByRole('button', { name: 'Add Competition' }));
    expectToastFor(await screen.findByText("Competition 'New one' added successfully"), 5000);
    expect(bodies[0]).toMatchObject({ entryType: 'paid', entryFee: 499 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c === LIST)).toHaveLength(2);
  });

  it('waits for an image to finish uploading before saving, saying so', async () => {
    const uploads = stubUploads();
    const { bodies } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog);
    await user.upload(
      within(dialog).getByLabelText('Prize image'),
      new File([new Uint8Array(10)], 'prize.jpg', { type: 'image/jpeg' }),
    );
    const add = within(dialog).getByRole('button', { name: 'Add Competition' });
    await user.click(add);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Wait for the image to finish uploading.',
    );
    expect(bodies).toEqual([]);

    await uploads.finish('/media/prize.jpg');
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await user.click(add);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ imageUrl: '', prizeImageUrl: '/media/prize.jpg' });
  });

  it("shows 'Failed to add competition' with the server's field messages under their fields", async () => {
    stubPage([], {
      [CREATE]: envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        categoryId: 'This category no longer exists. Choose another.',
      }),
    });
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Competition' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to add competition',
    );
    const message = within(dialog).getByText('This category no longer exists. Choose another.');
    const category = within(dialog).getByLabelText('Category *');
    expect(category.getAttribute('aria-describedby')).toContain(message.id);
    expect(category.getAttribute('aria-invalid')).toBe('true');
  });

  it('says why an add failed when no field is to blame; Cancel and the close button close the form', async () => {
    const { calls } = stubPage([], { [CREATE]: envelope(500, 'INTERNAL_ERROR', 'Boom') });
    const user = userEvent.setup();
    let dialog = await openAddForm(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Competition' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to add competition. An unexpected error occurred. Please try again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opened again: a fresh, empty form.
    dialog = await openAddForm(user);
    expect((within(dialog).getByLabelText('Title *') as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c === CREATE)).toHaveLength(1);
  });

  it('edits a competition from its current values and saves with PUT', async () => {
    const bodies: unknown[] = [];
    stubPage([competition({ imageUrl: '/media/a.jpg' })], {
      'PUT /api/admin/competitions/c1': (body) => {
        bodies.push(body);
        return { status: 200, body: competition({ title: 'Monsoon Colours 2026' }) };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Monsoon Colours' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Competition' });
    const $ = within(dialog);
    await $.findByRole('option', { name: 'Watercolour' });
    expect(($.getByLabelText('Title *') as HTMLInputElement).value).toBe('Monsoon Colours');
    expect(($.getByLabelText('Category *') as HTMLSelectElement).value).toBe('cat-painting');
    expect(($.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe('sub-water');
    expect(($.getByLabelText('Entry fee (₹) *') as HTMLInputElement).value).toBe('499');
    expect($.getByAltText('Competition image: preview').getAttribute('src')).toBe('/media/a.jpg');
    await user.type($.getByLabelText('Title *'), ' 2026');
    await user.click($.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText("Competition 'Monsoon Colours 2026' updated successfully"),
    ).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      title: 'Monsoon Colours 2026',
      subcategoryId: 'sub-water',
      entryFee: 499,
      imageUrl: '/media/a.jpg',
    });
  });

  it("shows 'Failed to update competition' when saving fails", async () => {
    stubPage([competition()], {
      'PUT /api/admin/competitions/c1': envelope(404, 'NOT_FOUND', 'Competition not found'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Monsoon Colours' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Competition' });
    await within(dialog).findByRole('option', { name: 'Watercolour' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to update competition. Competition not found',
    );
  });

  it('asks before deleting and says how many submissions are kept', async () => {
    const { calls } = stubPage([competition({ submissionCount: 3 })], {
      'DELETE /api/admin/competitions/c1': { status: 200, body: { id: 'c1', submissionsKept: 3 } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Monsoon Colours' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Monsoon Colours' });
    expect(
      within(dialog).getByText(/^Are you sure you want to delete this competition\?/),
    ).toBeTruthy();
    expect(dialog.textContent).toContain(
      "It has 3 submissions; they will be kept, with the competition's title and fee.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Competition deleted successfully. Its 3 submissions were kept.'),
    ).toBeTruthy();
    expect(calls).toContain('DELETE /api/admin/competitions/c1');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its row and Delete button go: focus waits at the top of the list, as on the other screens.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Competition' }));
  });

  it("asks only the seed's question when there are no submissions; a failure says 'Failed to delete competition'", async () => {
    stubPage([competition()], {
      'DELETE /api/admin/competitions/c1': envelope(500, 'INTERNAL_ERROR', 'Boom'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Monsoon Colours' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Monsoon Colours' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this competition?'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to delete competition. An unexpected error occurred. Please try again.',
    );
  });
});

describe('the delete texts', () => {
  it('name the submissions kept, one or many, and only the seed question when there are none', () => {
    expect(deleteQuestion(0)).toBe('Are you sure you want to delete this competition?');
    expect(deleteQuestion(1)).toBe(
      "Are you sure you want to delete this competition? It has 1 submission; it will be kept, with the competition's title and fee.",
    );
    expect(deletedMessage(0)).toBe('Competition deleted successfully');
    expect(deletedMessage(1)).toBe('Competition deleted successfully. Its submission was kept.');
    expect(deletedMessage(4)).toBe(
      'Competition deleted successfully. Its 4 submissions were kept.',
    );
  });
});
