import { Fragment, type ReactNode } from 'react';

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/**
 * An e-mail address that a narrow screen wraps before its '@' and its dots, never inside a word
 * (a word longer than the whole line is still broken, rather than widening the page).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A value shown as it is, or as an EmailAddress when it is one (an answer's Email line). */
export function textOrEmail(value: string): ReactNode {
  return EMAIL_LIKE.test(value) ? <EmailAddress address={value} /> : value;
}
