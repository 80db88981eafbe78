import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { renderEmail } from './email-template.ts';

/** WCAG 2 relative luminance of a #rrggbb or #rgb colour. */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the e-mail template', () => {
  it('writes every text, the link button included, with at least 4.5:1 contrast (WCAG AA)', () => {
    const { html } = renderEmail(loadConfig({}), {
      subject: 'Pedido aprovado',
      greeting: 'Olá, Ana!',
      paragraphs: ['Seu pedido foi aprovado.'],
      link: { label: 'Ver pedido', url: 'http://localhost:3000/meus-pedidos' },
    });
    const styles = [...html.matchAll(/style="([^"]*)"/g)].map((match) => match[1]!);
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) {
      const color = /(?:^|;)color:(#[0-9a-f]{3,6})/i.exec(style)?.[1];
      if (!color) continue;
      const background = /background:(#[0-9a-f]{3,6})/i.exec(style)?.[1] ?? '#ffffff';
      expect(contrast(color, background), style).toBeGreaterThanOrEqual(4.5);
    }
  });
});
