import { escapeHtml } from '../../http/escape-html.ts';

/*
 * The unsubscribe link's pages, drawn here whole: small, no script, no style of their own (the
 * page's policy allows none inline), readable in any browser a mail reader opens.
 */

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** Asks before stopping: the button posts to the same link. */
export function confirmPage(address: string): string {
  return page(
    'Stop reminders?',
    `<p>We send reminders to <strong>${escapeHtml(address)}</strong> when a fee is still due or a round of judging ends soon. Receipts, decisions and results still come either way.</p>
<form method="post">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Stop reminders to this address</button>
</form>`,
  );
}

export function donePage(address: string): string {
  return page(
    'Reminders stopped',
    `<p role="status">We will send no more reminders to <strong>${escapeHtml(address)}</strong>. Receipts, decisions and results still come.</p>`,
  );
}

export function invalidLinkPage(): string {
  return page(
    'This link is not valid',
    '<p>Open the link again from the reminder, copying all of it, or reply to the reminder and we will stop them for you.</p>',
  );
}
