import MarkdownIt from 'markdown-it';

// html: false is what makes this safe: raw HTML in the Markdown is escaped and shown as text.
// markdown-it also refuses javascript:, vbscript: and data: (except images) link targets.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

/** Markdown an admin wrote (a text page, a competition's rules) as HTML for the site. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
