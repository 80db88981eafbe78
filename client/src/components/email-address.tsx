import { Fragment } from 'react';

/**
 * An e-mail address that wraps where people expect it to, after the '@' and before each dot
 * (<wbr>), never in the middle of a name; only a single part wider than the line still breaks.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="email-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
