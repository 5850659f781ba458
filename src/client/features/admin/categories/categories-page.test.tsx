import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, CategoryInput } from '../../../../shared/schemas/category.ts';
import { DEFAULT_FORM_FIELDS } from '../../../../shared/schemas/form-field.ts';
import {
  type Answer,
  envelope,
  expectToastFor,
  renderAdmin,
  requiredMarks,
  SIGNED_IN,
  stubApi,
  userOnFakeClock,
} from '../common/test-helpers.tsx';

const LIST = 'GET /api/admin/categories';
const CREATE = 'POST /api/admin/categories';

const PAINTING: AdminCategory = {
  id: 'cat-painting',
  name: 'Painting',
  subcategories: [
    { id: 'sub-oil', name: 'Oil', entryCount: 3 },
    { id: 'sub-ink', name: 'Ink', entryCount: 1 },
  ],
  formFields: DEFAULT_FORM_FIELDS.map((f) => ({ ...f })),
  competitionCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The page over a fake API; returns the calls made and the bodies written. */
function stubPage(
  list: AdminCategory[],
  extra: Record<string, Answer | ((b: unknown) => Answer)> = {},
) {
  const bodies: CategoryInput[] = [];
  const saved = (body: unknown): Answer => {
    bodies.push(body as CategoryInput);
    const input = body as CategoryInput;
    return {
      status: 200,
      body: {
        ...PAINTING,
        id: 'cat-new',
        name: input.name,
        subcategories: [],
        formFields: DEFAULT_FORM_FIELDS,
        competitionCount: 0,
      },
    };
  };
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [LIST]: { status: 200, body: list },
    [CREATE]: saved,
    'PUT /api/admin/categories/cat-painting': saved,
    ...extra,
  });
  renderAdmin('/admin/categories');
  return { calls, bodies };
}

type User = ReturnType<typeof userEvent.setup>;

async function openAddForm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add Category' }));
  return screen.findByRole('dialog', { name: 'Add Category' });
}

/** A field's row in the editor: a group named by the field's label. */
const fieldRow = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('group', { name: label });

describe('the categories page', () => {
  it('lists categories with an expander showing each subcategory and its entries', async () => {
    stubPage([PAINTING, { ...PAINTING, id: 'cat-empty', name: 'Sculpture', subcategories: [] }]);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Categories' })).toBeTruthy();
    const expander = await screen.findByRole('button', { name: '2 subcategories of Painting' });
    expect(expander.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Subcategories of Painting' })).toBeNull();

    await user.click(expander);
    expect(expander.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Subcategories of Painting' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Oil3 entries', 'Ink1 entry']);
    await user.click(screen.getByRole('button', { name: '0 subcategories of Sculpture' }));
    expect(screen.getByText('No subcategories')).toBeTruthy();
    const row = screen.getByRole('row', { name: /^Painting/ });
    expect(within(row).getByText('5 of 7 enabled')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Painting' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete Painting' })).toBeTruthy();
  });

  it('says so when there are none', async () => {
    stubPage([]);
    expect(await screen.findByText('No categories found. Create one to get started.')).toBeTruthy();
  });

  it("shows 'Failed to fetch categories' when the list fails", async () => {
    stubPage([], { [LIST]: envelope(503, 'UNAVAILABLE', 'Busy') });
    const alert = await screen.findByText('Failed to fetch categories');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('starts a new category with one empty row; rows are added, and removed only while more than one', async () => {
    stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const rows = () => within(dialog).queryAllByLabelText(/^Subcategory \d$/);
    expect(rows()).toHaveLength(1);
    expect((rows()[0] as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByRole('button', { name: /^Remove subcategory/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Add subcategory' }));
    expect(rows()).toHaveLength(2);
    expect(document.activeElement).toBe(rows()[1]);
    expect(within(dialog).getAllByRole('button', { name: /^Remove subcategory/ })).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Remove subcategory 2' }));
    expect(rows()).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: /^Remove subcategory/ })).toBeNull();
  });

  it('marks the name, its one required field, with * and as required', async () => {
    stubPage([]);
    const dialog = await openAddForm(userEvent.setup());
    expect(requiredMarks(dialog)).toEqual({ required: ['Name *'], marked: ['Name *'] });
    // The mark is for the eye: the field's name is its label alone.
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBe(
      within(dialog).getByLabelText('Name *'),
    );
  });

  it('checks the name and duplicate subcategories in the browser, sending nothing', async () => {
    const { calls } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const submit = within(dialog).getByRole('button', { name: 'Add Category' });
    await user.click(submit);
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name *').getAttribute('aria-invalid')).toBe('true');

    await user.type(within(dialog).getByLabelText('Name *'), 'Sculpture');
    await user.type(within(dialog).getByLabelText('Subcategory 1'), 'Clay');
    await user.click(within(dialog).getByRole('button', { name: 'Add subcategory' }));
    await user.type(within(dialog).getByLabelText('Subcategory 2'), ' clay ');
    await user.click(submit);
    expect(within(dialog).getByText('Another subcategory already has this name')).toBeTruthy();
    expect(calls).not.toContain(CREATE);
  });

  it('adds a category: blank rows dropped, the seven default fields, a 5-second toast, the list read again', async () => {
    const user = userOnFakeClock();
    const { calls, bodies } = stubPage([]);
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name *'), '  Sculpture ');
    await user.type(within(dialog).getByLabelText('Subcategory 1'), 'Clay');
    await user.click(within(dialog).getByRole('button', { name: 'Add subcategory' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add subcategory' }));
    await user.type(within(dialog).getByLabelText('Subcategory 3'), 'Stone');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));

    expectToastFor(await screen.findByText("Category 'Sculpture' added successfully"), 5000);
    expect(bodies).toEqual([
      {
        name: 'Sculpture',
        subcategories: [{ name: 'Clay' }, { name: 'Stone' }],
        formFields: DEFAULT_FORM_FIELDS,
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c === LIST)).toHaveLength(2);
  });

  it('edits a label inline, saving it only when not blank', async () => {
    const { bodies } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name *'), 'Sculpture');

    const medium = fieldRow(dialog, 'Medium');
    await user.click(within(medium).getByRole('button', { name: 'Edit label Medium' }));
    const input = within(medium).getByLabelText('Label of Medium');
    expect(document.activeElement).toBe(input);
    await user.clear(input);
    await user.type(input, '   {Enter}');
    // Blank: not saved; the field keeps its label and the Edit button has the focus again.
    expect(within(dialog).getByRole('group', { name: 'Medium' })).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Edit label Medium'));

    await user.click(within(medium).getByRole('button', { name: 'Edit label Medium' }));
    await user.type(within(medium).getByLabelText('Label of Medium'), ' and materials{Escape}');
    // Escape cancels the edit, not the dialog.
    expect(within(dialog).getByRole('group', { name: 'Medium' })).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.click(within(medium).getByRole('button', { name: 'Edit label Medium' }));
    const again = within(medium).getByLabelText('Label of Medium');
    await user.clear(again);
    await user.type(again, ' Materials used ');
    await user.click(within(medium).getByRole('button', { name: 'Save label' }));
    expect(within(dialog).getByRole('group', { name: 'Materials used' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.formFields?.find((f) => f.id === 'medium')?.label).toBe('Materials used');
  });

  it('keeps a label typed when focus leaves the edit; Cancel throws it away', async () => {
    const { bodies } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name *'), 'Sculpture');

    const size = fieldRow(dialog, 'Size');
    await user.click(within(size).getByRole('button', { name: 'Edit label Size' }));
    await user.type(within(size).getByLabelText('Label of Size'), ' (cm)');
    await user.click(within(size).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('group', { name: 'Size' })).toBeTruthy();

    // Blank, then focus elsewhere: not saved.
    await user.click(within(size).getByRole('button', { name: 'Edit label Size' }));
    await user.clear(within(size).getByLabelText('Label of Size'));
    await user.click(within(dialog).getByLabelText('Name *'));
    expect(within(dialog).getByRole('group', { name: 'Size' })).toBeTruthy();

    // Typed, then straight to the form's own button: saved with the category.
    await user.click(within(size).getByRole('button', { name: 'Edit label Size' }));
    await user.type(within(size).getByLabelText('Label of Size'), ' in cm');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.formFields?.find((f) => f.id === 'size')?.label).toBe('Size in cm');
  });

  it("toggles a field on and off; 'required' can change only while it is on", async () => {
    const { bodies } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name *'), 'Sculpture');

    const video = fieldRow(dialog, 'YouTube Video Link');
    const enabled = within(video).getByRole('checkbox', { name: 'Enabled' });
    const required = within(video).getByRole('checkbox', { name: 'Required' });
    expect((enabled as HTMLInputElement).checked).toBe(false);
    expect((required as HTMLInputElement).disabled).toBe(true);
    await user.click(enabled);
    expect((required as HTMLInputElement).disabled).toBe(false);
    await user.click(required);
    expect((required as HTMLInputElement).checked).toBe(true);

    // Turning 'Size' off: its 'required' is shown off and cannot be changed.
    const size = fieldRow(dialog, 'Size');
    await user.click(within(size).getByRole('checkbox', { name: 'Enabled' }));
    const sizeRequired = within(size).getByRole('checkbox', { name: 'Required' });
    expect((sizeRequired as HTMLInputElement).disabled).toBe(true);
    expect((sizeRequired as HTMLInputElement).checked).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const sent = bodies[0]?.formFields ?? [];
    expect(sent.find((f) => f.id === 'videoUrl')).toMatchObject({ enabled: true, required: true });
    expect(sent.find((f) => f.id === 'size')).toMatchObject({ enabled: false, required: false });
  });

  it('adds custom fields of each type and removes them; the default fields cannot be removed', async () => {
    const { bodies } = stubPage([]);
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name *'), 'Sculpture');
    expect(within(dialog).queryByRole('button', { name: /^Remove field/ })).toBeNull();

    const label = within(dialog).getByLabelText('Field label');
    const addField = within(dialog).getByRole('button', { name: 'Add field' });
    await user.click(addField);
    expect(within(dialog).getByText('Label is required')).toBeTruthy();
    await user.type(label, 'medium');
    await user.click(addField);
    expect(within(dialog).getByText('Another field already has this label')).toBeTruthy();

    await user.clear(label);
    await user.type(label, 'Frame colour');
    await user.click(addField);
    expect(within(dialog).queryByText('Another field already has this label')).toBeNull();
    const type = within(dialog).getByLabelText('Field type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Text',
      'Image',
      'Video',
      'Link',
      'Long text',
      'Number',
      'One choice',
      'Several choices',
      'Yes or no',
      'Date',
      'Document (PDF)',
    ]);
    await user.selectOptions(type, 'Link');
    // Enter in the label adds the field, without submitting the category.
    await user.type(label, 'Portfolio{Enter}');
    expect(bodies).toHaveLength(0);
    await user.type(label, 'Spare');
    await user.click(addField);

    const spare = fieldRow(dialog, 'Spare');
    await user.click(within(spare).getByRole('button', { name: 'Remove field Spare' }));
    expect(within(dialog).queryByRole('group', { name: 'Spare' })).toBeNull();
    expect(document.activeElement).toBe(label);

    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.formFields?.slice(7)).toEqual([
      { label: 'Frame colour', type: 'text', required: false, enabled: true, shownToJurors: true },
      { label: 'Portfolio', type: 'link', required: false, enabled: true, shownToJurors: false },
    ]);
  });

  it("shows each field's 'Shown to jurors', links off, and sends what the admin changes", async () => {
    // Saved before the choice existed: no flag, so each field shows its type's default.
    const legacy = {
      ...PAINTING,
      formFields: PAINTING.formFields.map(({ shownToJurors: _, ...f }) => f),
    };
    const { bodies } = stubPage([legacy]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Painting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const shown = (label: string) =>
      within(fieldRow(dialog, label)).getByRole('checkbox', {
        name: 'Shown to jurors',
      }) as HTMLInputElement;
    expect(DEFAULT_FORM_FIELDS.map((f) => shown(f.label).checked)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    await user.click(shown('Description'));
    await user.click(shown('Additional Link'));
    expect(shown('Description').checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    const sent = bodies[0]?.formFields ?? [];
    expect(Object.fromEntries(sent.map((f) => [f.id, f.shownToJurors]))).toEqual({
      artworkTitle: true,
      artworkUrl: true,
      medium: true,
      size: true,
      description: false,
      videoUrl: true,
      link: true,
    });
  });

  it('edits a category keeping its subcategory ids; a failure says so with the reason', async () => {
    const { bodies } = stubPage([PAINTING], {
      'PUT /api/admin/categories/cat-painting': (body) => {
        bodies.push(body as CategoryInput);
        return envelope(
          409,
          'SUBCATEGORY_IN_USE',
          "The subcategory 'Ink' is used by 1 competition. Move it to another subcategory first, or keep this one.",
        );
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Painting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect((within(dialog).getByLabelText('Name *') as HTMLInputElement).value).toBe('Painting');
    expect((within(dialog).getByLabelText('Subcategory 2') as HTMLInputElement).value).toBe('Ink');
    await user.clear(within(dialog).getByLabelText('Name *'));
    await user.type(within(dialog).getByLabelText('Name *'), 'Fine Art');
    await user.click(within(dialog).getByRole('button', { name: 'Remove subcategory 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Failed to update category. The subcategory 'Ink' is used by 1 competition. Move it to another subcategory first, or keep this one.",
    );
    expect(bodies[0]).toEqual({
      name: 'Fine Art',
      subcategories: [{ id: 'sub-oil', name: 'Oil' }],
      formFields: PAINTING.formFields,
    });
    // Closing and opening again starts from the saved category.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Painting' }));
    const reopened = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect((within(reopened).getByLabelText('Name *') as HTMLInputElement).value).toBe('Painting');
  });

  it("shows 'Failed to add category' with the server's field message under its field", async () => {
    stubPage([], {
      [CREATE]: envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        name: 'Name must be at most 120 characters',
      }),
    });
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await user.type(within(dialog).getByLabelText('Name *'), 'Sculpture');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to add category');
    expect(within(dialog).getByText('Name must be at most 120 characters')).toBeTruthy();
  });

  it('says at once that a category in use cannot be deleted, without asking or calling', async () => {
    const { calls } = stubPage([PAINTING]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Painting' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to delete category. This category is used by 2 competitions. Delete them or move them to another category first.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Are you sure you want to delete this category?')).toBeNull();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
  });

  // The list said unused, but a competition came to use it since: the server's refusal is shown.
  it("asks before deleting, and shows the server's refusal when the category is in use", async () => {
    let refuse = true;
    const { calls } = stubPage([{ ...PAINTING, competitionCount: 0 }], {
      'DELETE /api/admin/categories/cat-painting': () =>
        refuse
          ? envelope(
              409,
              'CATEGORY_IN_USE',
              'This category is used by 2 competitions. Delete them or move them to another category first.',
            )
          : { status: 204 },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Painting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Painting' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this category?'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'Failed to delete category. This category is used by 2 competitions. Delete them or move them to another category first.',
    );

    refuse = false;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Category 'Painting' deleted successfully")).toBeTruthy();
    expect(calls.filter((c) => c === LIST)).toHaveLength(2);
    expect(document.activeElement?.textContent).toBe('Add Category');
  });
});
