import { z } from 'zod';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';
import {
  checkFieldSettings,
  FIELD_SETTINGS_INPUT,
  settingsOfType,
  STORED_FIELD_SETTINGS,
} from './form-field-settings.ts';
import { flagRepeat } from './list-rules.ts';

export const FORM_FIELD_TYPES = [
  'text',
  'image',
  'video',
  'link',
  'longText',
  'number',
  'choice',
  'choices',
  'yesNo',
  'date',
  'document',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FORM_FIELD_LABEL_MAX = 120;
/** A registration form longer than this is no longer a form anyone finishes. */
export const FORM_FIELDS_MAX = 40;

export const FORM_FIELD_MESSAGES = {
  labelRequired: 'Label is required',
  labelTooLong: `Label must be at most ${FORM_FIELD_LABEL_MAX} characters`,
  labelTaken: 'Another field already has this label',
  labelOneLine: oneLineMessage('Label'),
  type: 'Choose a type for this field',
  idTaken: 'This field appears more than once',
  defaultMissing: 'The default fields cannot be removed; turn them off instead.',
  defaultType: 'The type of a default field cannot be changed',
  shownToJurors: 'Choose whether jurors see this field',
  perWork: 'Choose whether each work answers this field',
  tooMany: `A form can have at most ${FORM_FIELDS_MAX} fields`,
} as const;

const FORM_FIELD_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const FormFieldIdSchema = z.string().min(1).max(64).regex(FORM_FIELD_ID_PATTERN);

// `error` covers a missing key too, so the browser and a bare API call read the same message.
export const FormFieldLabelSchema = z
  .string({ error: FORM_FIELD_MESSAGES.labelRequired })
  .trim()
  .min(1, FORM_FIELD_MESSAGES.labelRequired)
  .max(FORM_FIELD_LABEL_MAX, FORM_FIELD_MESSAGES.labelTooLong);

/** A field as stored on its category and as the registration form reads it. */
export const FormFieldSchema = z.object({
  id: FormFieldIdSchema,
  label: FormFieldLabelSchema,
  type: z.enum(FORM_FIELD_TYPES, FORM_FIELD_MESSAGES.type),
  required: z.boolean(),
  enabled: z.boolean(),
  /**
   * Whether the jury's copy of the entry holds this field's answer (blind judging). Fields saved
   * before it was a choice have none: read it through isShownToJurors, never directly. The stored
   * JSON is read this way rather than rewritten by a migration: no JSON rewrite on two engines,
   * and a server of the previous release, which saves fields without it, leaves the default.
   */
  shownToJurors: z.boolean().optional(),
  /**
   * Whether each work of an entry answers it (title, picture, medium…) or the entry once (a CV, a
   * statement). Fields saved before entries held several works have none: read it through
   * isAskedPerWork, never directly.
   */
  perWork: z.boolean().optional(),
  ...STORED_FIELD_SETTINGS,
});
export type FormField = z.infer<typeof FormFieldSchema>;

export { isAskedPerWork } from '../domain/field-answers.ts';

/**
 * A field jurors see unless the admin says otherwise: a link most often leads to the artist's own
 * site or profile, and a document is most often a CV, both of which name them, so they start
 * hidden; text, images, videos and the other answers are about the work itself.
 */
export function shownToJurorsByDefault(type: FormFieldType): boolean {
  return type !== 'link' && type !== 'document';
}

/** Whether jurors see the field's answers: its own choice, else its type's default. */
export function isShownToJurors(field: Pick<FormField, 'type' | 'shownToJurors'>): boolean {
  return field.shownToJurors ?? shownToJurorsByDefault(field.type);
}

/** A default field: its jurors' and works' choices spelt out. */
export type DefaultFormField = FormField & Required<Pick<FormField, 'shownToJurors' | 'perWork'>>;

const field = (f: Omit<FormField, 'shownToJurors' | 'perWork'>): DefaultFormField => ({
  ...f,
  shownToJurors: shownToJurorsByDefault(f.type),
  perWork: true,
});

/** Seed §3: every new category starts with these seven fields, five of them enabled. */
export const DEFAULT_FORM_FIELDS: readonly DefaultFormField[] = [
  field({
    id: 'artworkTitle',
    type: 'text',
    label: 'Artwork Title',
    required: true,
    enabled: true,
  }),
  field({ id: 'artworkUrl', type: 'image', label: 'Artwork Photo', required: true, enabled: true }),
  field({ id: 'medium', type: 'text', label: 'Medium', required: true, enabled: true }),
  field({ id: 'size', type: 'text', label: 'Size', required: true, enabled: true }),
  field({ id: 'description', type: 'text', label: 'Description', required: false, enabled: true }),
  field({
    id: 'videoUrl',
    type: 'video',
    label: 'YouTube Video Link',
    required: false,
    enabled: false,
  }),
  field({ id: 'link', type: 'link', label: 'Additional Link', required: false, enabled: false }),
];

const DEFAULT_TYPES = new Map(DEFAULT_FORM_FIELDS.map((f) => [f.id, f.type]));

export function isDefaultFormField(id: string | undefined): boolean {
  return id !== undefined && DEFAULT_TYPES.has(id);
}

/**
 * A field as the category form sends it. A new custom field has no id: the server gives it one
 * (submissions store their values by field id, so an id, once given, never changes or moves to
 * another field). 'required' means something only while the field is enabled (seed §4), so a
 * disabled field is saved as not required: nothing can ever demand a value the form does not ask.
 * `shownToJurors` left out keeps what the field had (a new field: the default for its type), so a
 * caller that does not know the flag never changes it.
 */
export const FormFieldInputSchema = z
  .object({
    id: FormFieldIdSchema.optional(),
    // Checked here, not in FormFieldSchema, which also reads the fields already stored.
    label: FormFieldLabelSchema.refine(isOneLine, FORM_FIELD_MESSAGES.labelOneLine),
    type: z.enum(FORM_FIELD_TYPES, FORM_FIELD_MESSAGES.type),
    required: z.boolean(),
    enabled: z.boolean(),
    shownToJurors: z.boolean(FORM_FIELD_MESSAGES.shownToJurors).optional(),
    perWork: z.boolean(FORM_FIELD_MESSAGES.perWork).optional(),
    ...FIELD_SETTINGS_INPUT,
  })
  .superRefine((field, context) => checkFieldSettings(field, context, []))
  .transform((field) => settingsOfType({ ...field, required: field.enabled && field.required }));
export type FormFieldInput = z.input<typeof FormFieldInputSchema>;

/**
 * The whole list: the seven default fields always present with their own types (they can be
 * turned off, not removed), no field twice, no two fields with one label (the registration form
 * names each by its label, as in '{label} is required').
 */
export const FormFieldListSchema = z
  .array(FormFieldInputSchema)
  .max(FORM_FIELDS_MAX, FORM_FIELD_MESSAGES.tooMany)
  .superRefine((fields, context) => {
    const ids = new Set<string>();
    const labels = new Set<string>();
    fields.forEach((field, index) => {
      if (field.id !== undefined) {
        flagRepeat(context, ids, field.id, [index, 'id'], FORM_FIELD_MESSAGES.idTaken);
        const defaultType = DEFAULT_TYPES.get(field.id);
        if (defaultType !== undefined && defaultType !== field.type) {
          context.addIssue({
            code: 'custom',
            path: [index, 'type'],
            message: FORM_FIELD_MESSAGES.defaultType,
          });
        }
      }
      const label = field.label.toLowerCase();
      flagRepeat(context, labels, label, [index, 'label'], FORM_FIELD_MESSAGES.labelTaken);
    });
    if ([...DEFAULT_TYPES.keys()].some((id) => !ids.has(id))) {
      context.addIssue({ code: 'custom', message: FORM_FIELD_MESSAGES.defaultMissing });
    }
  });
