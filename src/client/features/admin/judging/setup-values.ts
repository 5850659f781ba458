import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type {
  CriterionInput,
  Judging,
  JudgingInput,
  JudgingInputSchema,
} from '../../../../shared/schemas/jury.ts';

/* The set-up form's values, as the server's set-up fills them. */

export type SetupForm = UseFormReturn<JudgingInput, unknown, z.output<typeof JudgingInputSchema>>;

/** A criterion added by the admin: scored 1 to 10, required, weighing as much as any other. */
export const NEW_CRITERION: CriterionInput = {
  name: '',
  description: '',
  weight: 1,
  scaleMin: 1,
  scaleMax: 10,
  required: true,
};

export function toSetupValues(judging: Judging): JudgingInput {
  return {
    criteria: judging.criteria.map((criterion) => ({ ...criterion })),
    panel: judging.panel.map((juror) => juror.id),
    jurorsPerEntry: judging.jurorsPerEntry,
    publishJury: judging.publishJury,
  };
}
