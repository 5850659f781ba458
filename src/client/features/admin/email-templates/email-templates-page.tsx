import { useAdminQuery } from '../common/admin-query.tsx';
import { withSeedMessage } from '../common/failure-messages.ts';
import { RequiredNote } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { emailTemplatesQuery } from './api/email-templates.ts';
import { EMAIL_TEMPLATE_FAILURES } from './email-template-failures.ts';
import { TemplateEditor } from './template-editor.tsx';

/**
 * The wording of the e-mails artists get, one form per template, each saved, previewed and reset
 * on its own; what is typed in one survives the others' saves and resets.
 */
export default function EmailTemplatesPage() {
  const templates = useAdminQuery(emailTemplatesQuery);
  return (
    <AdminPage title="E-mail Templates">
      <div className={`flex max-w-prose flex-col gap-2 ${MUTED_TEXT}`}>
        <p>
          These are the messages artists receive from the site. Words in braces, such as{' '}
          <code>{'{name}'}</code>, are placeholders: each message gets the entry&rsquo;s own. The
          HTML version of each message is made from its text.
        </p>
        <p>
          A saved change applies to the messages written after it; those already in the Outbox keep
          their words.
        </p>
      </div>
      <RequiredNote />
      <ResourceView resource={withSeedMessage(templates, EMAIL_TEMPLATE_FAILURES.fetch)}>
        {(list) => (
          <div className="flex flex-col gap-8">
            {list.map((template) => (
              <TemplateEditor key={template.kind} initial={template} />
            ))}
          </div>
        )}
      </ResourceView>
    </AdminPage>
  );
}
