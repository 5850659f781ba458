import { describe, expect, it } from 'vitest';
import { renderTemplate } from './template-render.ts';

/* How a template becomes a message's text and HTML. */

const links = { links: ['entryLink'] };

describe('renderTemplate', () => {
  it('fills placeholders as given in the text, escaped in the HTML', () => {
    const message = renderTemplate(
      { subject: 'Hi {name}', body: 'Dear {name},\nWelcome to {competition}.' },
      { name: '<img src=x onerror=alert(1)> & "Ravi"', competition: 'கலை' },
    );
    expect(message.subject).toBe('Hi <img src=x onerror=alert(1)> & "Ravi"');
    expect(message.text).toBe('Dear <img src=x onerror=alert(1)> & "Ravi",\nWelcome to கலை.');
    expect(message.html).toContain(
      '<p>Dear &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Ravi&quot;,<br>\nWelcome to கலை.</p>',
    );
    expect(message.html).not.toContain('<img');
  });

  it('escapes the literal text of the template too', () => {
    const { html } = renderTemplate({ subject: 's', body: 'A <script>x</script> & b' }, {});
    expect(html).toContain('<p>A &lt;script&gt;x&lt;/script&gt; &amp; b</p>');
  });

  it('makes a link of the entry link, its address escaped, and of nothing else', () => {
    const { html } = renderTemplate(
      { subject: 's', body: 'Open {entryLink} or {other}' },
      { entryLink: 'https://x.test/entry#a"b<c', other: 'https://y.test' },
      links,
    );
    expect(html).toContain(
      '<p>Open <a href="https://x.test/entry#a&quot;b&lt;c">https://x.test/entry#a&quot;b&lt;c</a> or https://y.test</p>',
    );
  });

  it('drops a line left empty only by empty values, and keeps blank lines of the template', () => {
    const { text } = renderTemplate(
      { subject: 's', body: 'Reference: R\n{payment}\nLink\n\n  {payment}  \nEnd' },
      { payment: '' },
    );
    expect(text).toBe('Reference: R\nLink\n\nEnd');
  });

  it('spreads a value of several lines, and writes lines starting "- " as a list', () => {
    const { text, html } = renderTemplate(
      { subject: 's', body: 'Your entry:\n{details}\nThanks' },
      { details: '- Title: Rain & Sun\n- Medium: Oil' },
    );
    expect(text).toBe('Your entry:\n- Title: Rain & Sun\n- Medium: Oil\nThanks');
    expect(html).toContain(
      '<p>Your entry:</p>\n<ul>\n<li>Title: Rain &amp; Sun</li>\n<li>Medium: Oil</li>\n</ul>\n<p>Thanks</p>',
    );
  });

  it('keeps braces that are no placeholder, and a subject on one line', () => {
    const message = renderTemplate(
      { subject: '{a} { b } {}', body: 'Use { braces } and {}' },
      { a: 'one\ntwo' },
    );
    expect(message.subject).toBe('one two { b } {}');
    expect(message.text).toBe('Use { braces } and {}');
  });

  it('reads Windows line ends as line ends', () => {
    expect(renderTemplate({ subject: 's', body: 'a\r\n\r\nb' }, {}).html).toContain(
      '<p>a</p>\n<p>b</p>',
    );
  });
});
