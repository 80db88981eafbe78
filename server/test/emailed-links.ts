import { eventually, type TestApp } from './harness.ts';

/** The e-mails in the outbox to `email` that hold a link to `path`. */
export function mailsWithLink(app: TestApp, email: string, path: string) {
  return app.outbox().filter((message) => message.text.includes(`To: ${email}`) && message.text.includes(path));
}

/** The token of the link in the next e-mail to `email` with `path` (like '/entrar-com-link?'), after the `seen` ones already there. */
export async function nextEmailedToken(app: TestApp, email: string, path: string, seen: number): Promise<string> {
  const mail = await eventually(() => {
    const found = mailsWithLink(app, email, path);
    if (found.length <= seen) throw new Error('no e-mail yet');
    return found[found.length - 1]!;
  });
  const match = new RegExp(`${path.replace('?', '\\?')}token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error('no link in the e-mail');
  return match[1]!;
}
