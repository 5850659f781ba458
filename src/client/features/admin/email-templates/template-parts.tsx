import { Fragment } from 'react';
import {
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateKind,
  PLACEHOLDER_MEANINGS,
  TEMPLATE_PLACEHOLDERS,
} from '../../../../shared/schemas/email-template.ts';
import { formatInstant } from '../common/format-instant.ts';
import { MessageBodies } from '../common/message-bodies.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';

const BADGE = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/** 'Default' or 'Edited' (with when), and 'Unsaved changes' while the form differs from it. */
export function TemplateState({
  template,
  unsaved,
}: {
  template: EmailTemplate;
  unsaved: boolean;
}) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      {template.customized ? (
        <span className={`${BADGE} bg-blue-100 text-blue-950 dark:bg-blue-950 dark:text-blue-100`}>
          Edited
        </span>
      ) : (
        <span className={`${BADGE} bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100`}>
          Default
        </span>
      )}
      {template.customized && template.updatedAt ? (
        <span className={MUTED_TEXT}>
          Saved <time dateTime={template.updatedAt}>{formatInstant(template.updatedAt)}</time>
        </span>
      ) : null}
      {unsaved ? (
        <span
          className={`${BADGE} bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100`}
        >
          Unsaved changes
        </span>
      ) : null}
    </p>
  );
}

/** The placeholders this template takes, each with what it is filled with. */
export function PlaceholderList({ kind }: { kind: EmailTemplateKind }) {
  return (
    <div className="self-start rounded-lg bg-gray-50 p-4 text-sm dark:bg-gray-900">
      <h3 className="mb-2 font-semibold">Placeholders</h3>
      <dl className="flex flex-col gap-2">
        {TEMPLATE_PLACEHOLDERS[kind].map((name) => (
          <Fragment key={name}>
            <dt>
              <code className="font-semibold break-all">{`{${name}}`}</code>
            </dt>
            <dd className={`-mt-1 ${MUTED_TEXT}`}>{PLACEHOLDER_MEANINGS[name]}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}

/** The template filled with a sample entry: its subject, then the message's two bodies. */
export function PreviewView({ preview }: { preview: EmailPreview }) {
  return (
    <div className="flex flex-col gap-6">
      <p className={`text-sm ${MUTED_TEXT}`}>
        Filled with a sample entry, from the words in the form, saved or not.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold">Subject</dt>
        <dd className="break-words">{preview.subject}</dd>
      </dl>
      <MessageBodies text={preview.text} html={preview.html} htmlOpen />
    </div>
  );
}
