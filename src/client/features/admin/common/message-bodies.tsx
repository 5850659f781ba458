import { useState } from 'react';
import { FOCUS_RING, MUTED_TEXT } from './shell/admin-page.tsx';

/**
 * An e-mail's two bodies as the artist gets them: the text as text, the HTML in a sandboxed
 * frame. Shared by the Outbox's message dialog and the e-mail templates' preview.
 * `htmlOpen`: the HTML version starts open (a preview the admin asked for) rather than folded.
 */
export function MessageBodies({
  text,
  html,
  htmlOpen = false,
}: {
  text: string;
  html: string;
  htmlOpen?: boolean;
}) {
  const [htmlShown, setHtmlShown] = useState(htmlOpen);
  return (
    <>
      <section aria-label="Message text">
        {/* The text body, shown as text: whatever the artist typed stays words on the page. */}
        <pre className="rounded-lg border border-gray-200 bg-gray-50 p-4 font-sans text-sm break-words whitespace-pre-wrap dark:border-gray-800 dark:bg-gray-950">
          {text}
        </pre>
      </section>
      {/* The frame is made only once opened: nothing parses the HTML unless asked. */}
      <details
        open={htmlShown}
        onToggle={(event) => setHtmlShown(event.currentTarget.open)}
        className="rounded-lg border border-gray-200 dark:border-gray-800"
      >
        <summary className={`cursor-pointer rounded-lg px-4 py-3 font-semibold ${FOCUS_RING}`}>
          HTML version
        </summary>
        <div className="flex flex-col gap-2 px-4 pb-4">
          <p className={`text-sm ${MUTED_TEXT}`}>
            As an e-mail program shows it, with scripts and links turned off.
          </p>
          {/* sandbox="": no scripts, no forms, no navigation, an origin of its own. */}
          {htmlShown ? (
            <iframe
              title="HTML version of the message"
              sandbox=""
              srcDoc={html}
              className="h-96 w-full rounded border border-gray-200 bg-white dark:border-gray-800"
            />
          ) : null}
        </div>
      </details>
    </>
  );
}
