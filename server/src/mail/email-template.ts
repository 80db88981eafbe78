import type { Config } from '../config.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** The app's address for links in messages sent outside a request (jobs). */
export function appBaseUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/**
 * A message in the house format: greeting, paragraphs, one link into the app and
 * the condominium's name; plain text plus a simple HTML version of the same.
 */
export function renderEmail(
  config: Config,
  content: { subject: string; greeting: string; paragraphs: string[]; link: { label: string; url: string } },
): EmailContent {
  const footer = `${config.CONDO_NAME} · Vizinhança`;
  const text = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, '']), `${content.link.label}: ${content.link.url}`, '', '--', footer].join('\n');
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(content.link.url)}" style="display:inline-block;background:#047857;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(content.link.label)}</a></p>`,
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${config.CONDO_NAME}: ${content.subject}`, text, html };
}
