import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Bruno has a paid charge and a pending one in the demo data; Ana has none.
const BRUNO = { email: 'bruno@vizinhanca.app', password: 'morador-vizinhanca' } as const;

test("/cobrancas says what is true for the person: their charge and how to pay it, never 'Tudo é gratuito' beside it", async ({ page }) => {
  await signIn(page, BRUNO, '/cobrancas');
  const charges = page.getByRole('region', { name: 'Suas cobranças' });
  await expect(charges.getByRole('article', { name: 'Cobrança de R$ 19,90' }).filter({ hasText: 'Pendente' })).toBeVisible();
  await expect(charges.getByText('O pagamento ainda não é feito pelo app: combine com a administração do condomínio.', { exact: false })).toBeVisible();
  await expect(page.getByText('Tudo é gratuito por enquanto')).toHaveCount(0);
});

test("/cobrancas for someone without a charge: 'Tudo é gratuito por enquanto'", async ({ page }) => {
  await signIn(page, DEMO.resident, '/cobrancas');
  await expect(page.getByRole('heading', { name: 'Tudo é gratuito por enquanto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Suas cobranças' })).toHaveCount(0);
});
