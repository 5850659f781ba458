import { z } from 'zod';

export const FORM_FIELD_TYPES = ['text', 'image', 'video', 'link'] as const;

export const FormFieldSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  label: z.string().trim().min(1).max(120),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  enabled: z.boolean(),
});
export type FormField = z.infer<typeof FormFieldSchema>;

/** Seed §3: every new category starts with these seven fields, five of them enabled. */
export const DEFAULT_FORM_FIELDS: readonly FormField[] = [
  { id: 'artworkTitle', type: 'text', label: 'Artwork Title', required: true, enabled: true },
  { id: 'artworkUrl', type: 'image', label: 'Artwork Photo', required: true, enabled: true },
  { id: 'medium', type: 'text', label: 'Medium', required: true, enabled: true },
  { id: 'size', type: 'text', label: 'Size', required: true, enabled: true },
  { id: 'description', type: 'text', label: 'Description', required: false, enabled: true },
  { id: 'videoUrl', type: 'video', label: 'YouTube Video Link', required: false, enabled: false },
  { id: 'link', type: 'link', label: 'Additional Link', required: false, enabled: false },
];
