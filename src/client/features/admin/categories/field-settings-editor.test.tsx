import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_FIELDS, type FormFieldInput } from '../../../../shared/schemas/form-field.ts';
import { type FormFieldErrors, FormFieldEditor } from './form-field-editor.tsx';

/** The editor as the category form holds it: the list in state, the latest list kept for checks. */
function renderEditor(start: FormFieldInput[], errors: FormFieldErrors = { rows: [] }) {
  const seen: { fields: FormFieldInput[] } = { fields: start };
  function Holder() {
    const [fields, setFields] = useState(start);
    return (
      <FormFieldEditor
        fields={fields}
        errors={errors}
        onChange={(next) => {
          seen.fields = next;
          setFields(next);
        }}
      />
    );
  }
  render(<Holder />);
  return seen;
}

/** The text of what describes a control (aria-describedby), as a screen reader reads it. */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const row = (label: string) => screen.getByRole('group', { name: label });
const last = (seen: { fields: FormFieldInput[] }) => seen.fields[seen.fields.length - 1];

async function addField(user: ReturnType<typeof userEvent.setup>, label: string, type: string) {
  await user.type(screen.getByLabelText('Field label'), label);
  await user.selectOptions(screen.getByLabelText('Field type'), type);
  await user.click(screen.getByRole('button', { name: 'Add field' }));
}

describe('the field settings in the category editor', () => {
  it('adds, renames, reorders and removes the options of a choice field from the keyboard', async () => {
    const user = userEvent.setup();
    const seen = renderEditor([...DEFAULT_FORM_FIELDS]);
    await addField(user, 'Tone', 'One choice');
    const tone = row('Tone');
    within(tone).getByRole('group', { name: 'Options of Tone' });
    // Add option, typed, then Enter adds the next one, focused.
    await user.click(within(tone).getByRole('button', { name: 'Add option to Tone' }));
    expect(document.activeElement).toBe(within(tone).getByLabelText('Option 1'));
    await user.keyboard('Warm{Enter}');
    expect(document.activeElement).toBe(within(tone).getByLabelText('Option 2'));
    await user.keyboard('Cool{Enter}Neutral');
    expect(last(seen)?.options).toEqual(['Warm', 'Cool', 'Neutral']);

    await user.click(within(tone).getByRole('button', { name: 'Move up Neutral' }));
    expect(last(seen)?.options).toEqual(['Warm', 'Neutral', 'Cool']);
    expect(document.activeElement).toBe(
      within(tone).getByRole('button', { name: 'Move up Neutral' }),
    );
    await user.keyboard('{Enter}');
    expect(last(seen)?.options).toEqual(['Neutral', 'Warm', 'Cool']);
    // At the top its Move up is gone: focus is on its input.
    expect(document.activeElement).toBe(within(tone).getByLabelText('Option 1'));

    await user.clear(within(tone).getByLabelText('Option 2'));
    await user.type(within(tone).getByLabelText('Option 2'), 'Warmth');
    await user.click(within(tone).getByRole('button', { name: 'Remove Cool' }));
    expect(last(seen)?.options).toEqual(['Neutral', 'Warmth']);
    expect(document.activeElement).toBe(within(tone).getByLabelText('Option 2'));
  });

  it("edits each type's settings, help text and whether it is asked once per entry", async () => {
    const user = userEvent.setup();
    const seen = renderEditor([...DEFAULT_FORM_FIELDS]);
    await addField(user, 'Year', 'Number');
    await user.type(within(row('Year')).getByLabelText('Smallest number'), '1900');
    await user.type(within(row('Year')).getByLabelText('Largest number'), '2026.5');
    await user.type(within(row('Year')).getByLabelText('Help text for Year'), 'When finished');
    expect(last(seen)).toMatchObject({ min: 1900, max: 2026.5, helpText: 'When finished' });

    await addField(user, 'Statement', 'Long text');
    await user.type(within(row('Statement')).getByLabelText('Most characters'), '800');
    expect(last(seen)).toMatchObject({ type: 'longText', maxLength: 800 });

    await addField(user, 'Finished on', 'Date');
    await user.type(within(row('Finished on')).getByLabelText('Earliest date'), '2020-01-01');
    expect(last(seen)).toMatchObject({ earliest: '2020-01-01' });

    // A document starts asked once per entry; a title, for each work.
    await addField(user, 'CV', 'Document (PDF)');
    const once = within(row('CV')).getByRole('checkbox', { name: 'Asked once per entry' });
    expect((once as HTMLInputElement).checked).toBe(true);
    const titleOnce = within(row('Artwork Title')).getByRole('checkbox', {
      name: 'Asked once per entry',
    });
    expect((titleOnce as HTMLInputElement).checked).toBe(false);
    await user.click(once);
    expect(last(seen)).toMatchObject({ perWork: true });
  });

  it("shows each setting's message at its control", () => {
    const fields = [
      ...DEFAULT_FORM_FIELDS,
      { label: 'Tone', type: 'choice', required: false, enabled: true, options: ['A', 'a'] },
      { label: 'Weight', type: 'number', required: false, enabled: true, min: 5, max: 1 },
    ] satisfies FormFieldInput[];
    renderEditor(fields, {
      rows: [],
      settings: [
        ...DEFAULT_FORM_FIELDS.map(() => ({})),
        { 'options.1': 'This option appears more than once' },
        { max: 'The maximum must not be below the minimum' },
      ],
    });
    expect(descriptionOf(within(row('Tone')).getByLabelText('Option 2'))).toBe(
      'This option appears more than once',
    );
    expect(descriptionOf(within(row('Weight')).getByLabelText('Largest number'))).toBe(
      'Optional. The maximum must not be below the minimum',
    );
  });
});
