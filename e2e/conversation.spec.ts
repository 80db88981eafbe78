import { expect, test, type Page } from './fixtures.ts';
import { appOrigin, approvedResident, callApi, DEMO, newSignedInContext, watchLiveEvents } from './helpers.ts';

// Requester and owner talk inside the order, live in two tabs; the
// requester copies the Pix code for the exact amount, the owner marks it paid.
// The people are created for this walk, so nothing depends on the demo data.

function messages(page: Page) {
  return page.getByRole('list', { name: 'Mensagens' });
}

test('requester and owner talk live, the requester copies the Pix code, the owner marks the order paid, staff read a reported message', async ({ browser }) => {
  test.slow(); // Two residents, two tabs, going offline and back.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'dona', { desktop: true });
  const requester = await approvedResident(browser, admin.page, 'cliente');

  // The owner saves a Pix key in settings; a key that does not match its type is refused.
  await owner.page.goto('/configuracoes');
  // The page is drawn by the server: its radio buttons answer once the app runs (decision 013).
  await expect(async () => {
    await owner.page.getByText('Telefone', { exact: true }).click();
    await expect(owner.page.getByLabel('Chave Pix')).toHaveAttribute('placeholder', '(11) 98765-4321', { timeout: 1000 });
  }).toPass();
  await owner.page.getByLabel('Chave Pix').fill('ana@exemplo.com');
  await owner.page.getByRole('button', { name: 'Salvar chave Pix' }).click();
  await expect(owner.page.getByText('Telefone inválido. Informe DDD e número, como (11) 98765-4321.')).toBeVisible();
  await owner.page.getByLabel('Chave Pix').fill('(11) 98765-4321');
  await owner.page.getByRole('button', { name: 'Salvar chave Pix' }).click();
  await expect(owner.page.getByText('Chave Pix salva!')).toBeVisible();
  await expect(owner.page.getByText('(11) 98765-4321', { exact: true })).toBeVisible();

  // A service of the owner's (R$ 45,90), approved, and the requester's order for it.
  const title = `Conserto de bicicleta ${Date.now().toString(36)}`;
  const { id: listingId } = await callApi<{ id: string }>(owner.page, 'listings.create', {
    type: 'service',
    title,
    description: 'Revisão de freios, câmbio e pneus.',
    priceCents: 4590,
    priceUnit: 'service',
    deliveryOptions: ['pickup'],
  });
  await callApi(moderator.page, 'listings.moderation.approve', { id: listingId });
  await callApi(requester.page, 'orders.create', { listingId, deliveryMethod: 'pickup' });

  // The owner waits on the received orders; the requester opens the conversation from their card.
  const ownerLive = await watchLiveEvents(owner.page);
  await owner.page.goto('/gerenciar-pedidos');
  const ownerCard = owner.page.getByRole('article').filter({ hasText: title });
  await expect(ownerCard).toBeVisible();
  await requester.page.goto('/meus-pedidos');
  await requester.page.getByRole('article').filter({ hasText: title }).getByRole('link', { name: 'Conversar' }).click();
  await expect(requester.page).toHaveURL(/\/pedido\/[0-9a-f-]+\/conversa$/);
  await expect(requester.page.getByRole('region', { name: 'Resumo do pedido' })).toContainText(title);
  await expect(requester.page.getByRole('region', { name: 'Resumo do pedido' })).toContainText('Pendente');

  // The owner's home and profile, open in other tabs: nothing unread yet.
  const ownerHome = await owner.context.newPage();
  const homeLive = await watchLiveEvents(ownerHome);
  await ownerHome.goto('/');
  const homeMessages = ownerHome.getByRole('link', { name: 'Mensagens' });
  await expect(homeMessages).toBeVisible();
  await expect(homeMessages).not.toContainText('não lida');
  const ownerProfile = await owner.context.newPage();
  const profileLive = await watchLiveEvents(ownerProfile);
  await ownerProfile.goto('/perfil');
  const profileMessages = ownerProfile.getByRole('link', { name: /^Mensagens/ });
  await expect(profileMessages).toBeVisible();

  // The button sends (the phone's way) once the owner's tabs listen; the owner's card and 'Mensagens' totals count it live.
  for (const live of [ownerLive, homeLive, profileLive]) await live();
  await requester.page.getByLabel('Mensagem').fill('Oi! Posso levar a bicicleta amanhã às 18h? <b>link</b> https://exemplo.com');
  await requester.page.getByRole('button', { name: 'Enviar' }).click();
  await expect(messages(requester.page)).toContainText('Oi! Posso levar a bicicleta amanhã às 18h? <b>link</b> https://exemplo.com');
  await expect(requester.page.getByRole('img', { name: 'Enviada' })).toBeVisible();
  await expect(ownerCard.getByRole('link', { name: /Conversar.*1 mensagem não lida/ })).toBeVisible();
  await expect(homeMessages).toContainText('1 mensagem não lida');
  await expect(profileMessages).toContainText('1 mensagem não lida');

  // The owner opens it: the markup is text, the requester's tick turns to read; Enter sends on desktop.
  await ownerCard.getByRole('link', { name: /Conversar/ }).click();
  await expect(messages(owner.page)).toContainText('<b>link</b>');
  await expect(owner.page.locator('.message-body b')).toHaveCount(0);
  await expect(requester.page.getByRole('img', { name: 'Lida' })).toBeVisible();
  // Read on one tab: the totals on the others clear.
  await expect(homeMessages).not.toContainText('não lida');
  await expect(profileMessages).not.toContainText('não lida');
  await ownerHome.close();
  await ownerProfile.close();
  await owner.page.getByLabel('Mensagem').fill('Pode sim! Bloco E, apto 707.');
  await owner.page.getByLabel('Mensagem').press('Enter');
  await expect(messages(requester.page)).toContainText('Pode sim! Bloco E, apto 707.');

  // Offline: the message stays in the box and goes out once when the network returns.
  await requester.context.setOffline(true);
  await requester.page.getByLabel('Mensagem').fill('Combinado, até amanhã!');
  await requester.page.getByRole('button', { name: 'Enviar' }).click();
  await expect(requester.page.getByRole('status').filter({ hasText: 'Sem conexão: a mensagem será enviada quando a internet voltar.' })).toBeVisible();
  await expect(requester.page.getByLabel('Mensagem')).toHaveValue('Combinado, até amanhã!');
  await requester.context.setOffline(false);
  await expect(messages(owner.page).getByText('Combinado, até amanhã!')).toHaveCount(1);
  await expect(requester.page.getByLabel('Mensagem')).toHaveValue('');
  await owner.page.waitForTimeout(1500);
  await expect(messages(owner.page).getByText('Combinado, até amanhã!')).toHaveCount(1);

  // The owner approves right in the conversation; the requester's tab offers 'Pagar com Pix' live.
  await owner.page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(owner.page.getByRole('region', { name: 'Resumo do pedido' })).toContainText('Aprovado');
  await expect(requester.page.getByRole('region', { name: 'Resumo do pedido' })).toContainText('A pagar');
  await requester.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin() });
  await requester.page.getByRole('button', { name: 'Pagar com Pix' }).click();
  const dialog = requester.page.getByRole('dialog', { name: 'Pagar com Pix' });
  await expect(dialog.getByRole('img', { name: 'QR code do Pix' })).toBeVisible();
  await expect(dialog).toContainText('R$ 45,90');
  await dialog.getByRole('button', { name: 'Copiar código' }).click();
  await expect(requester.page.getByText('Código Pix copiado!')).toBeVisible();
  const copied = await requester.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await dialog.getByLabel('Pix copia e cola').inputValue());
  expect(copied).toMatch(/^00020126\d\d0014br\.gov\.bcb\.pix0114\+5511987654321520400005303986540545\.905802BR59\d\d.+6009Sao Paulo62290525VZ[0-9A-F]{23}6304[0-9A-F]{4}$/);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The owner marks it paid; the requester is told, and both see 'Pago'.
  await owner.page.getByRole('button', { name: 'Marcar como pago' }).click();
  await expect(owner.page.getByRole('region', { name: 'Resumo do pedido' })).toContainText('Pago');
  await expect(requester.page.getByText('marcou o pedido de')).toBeVisible();
  await expect(requester.page.getByRole('region', { name: 'Resumo do pedido' }).getByText('Pago', { exact: true })).toBeVisible();
  await expect(requester.page.getByRole('button', { name: 'Pagar com Pix' })).toHaveCount(0);

  // The owner hands over and completes right in the conversation; each step asks first.
  const summary = owner.page.getByRole('region', { name: 'Resumo do pedido' });
  await summary.getByRole('button', { name: 'Marcar como entregue' }).click();
  const deliver = owner.page.getByRole('dialog', { name: 'Marcar como entregue' });
  await expect(deliver).toContainText(`Confirma que "${title}" foi entregue a ${requester.fullName}?`);
  await deliver.getByRole('button', { name: 'Cancelar' }).click();
  await expect(summary).toContainText('Aprovado');
  await summary.getByRole('button', { name: 'Marcar como entregue' }).click();
  await owner.page.getByRole('dialog', { name: 'Marcar como entregue' }).getByRole('button', { name: 'Confirmar Entrega' }).click();
  await expect(summary).toContainText('Em Andamento');
  await summary.getByRole('button', { name: 'Concluir' }).click();
  await owner.page.getByRole('dialog', { name: 'Concluir Pedido' }).getByRole('button', { name: 'Confirmar Conclusão' }).click();
  await expect(summary).toContainText('Concluído');
  await expect(requester.page.getByRole('region', { name: 'Resumo do pedido' })).toContainText('Concluído');
  await requester.page.goto('/meus-pedidos');
  await expect(requester.page.getByRole('article').filter({ hasText: title })).toContainText('Pago');

  // The requester reports the owner's message; staff find it in /admin with the order and both names.
  await requester.page.goBack();
  // One tap only opens the dialog: it asks why, and nothing is sent without a reason or after 'Cancelar'.
  let reportsSent = 0;
  requester.page.on('request', (request) => {
    if (request.url().includes('reports.message')) reportsSent += 1;
  });
  const ownersMessage = requester.page.getByRole('listitem').filter({ hasText: 'Pode sim! Bloco E, apto 707.' });
  await ownersMessage.getByRole('button', { name: 'Denunciar' }).click();
  const reportDialog = requester.page.getByRole('dialog', { name: 'Denunciar mensagem' });
  // A message is reported for the same five reasons as a listing or a neighbour.
  await expect(reportDialog.getByRole('radio')).toHaveCount(5);
  for (const reason of ['Golpe ou fraude', 'Conteúdo ofensivo', 'Item proibido', 'Assédio', 'Outro']) await expect(reportDialog.getByRole('radio', { name: reason })).toBeVisible();
  await reportDialog.getByRole('button', { name: 'Denunciar' }).click();
  await expect(reportDialog.getByText('Escolha o motivo da denúncia')).toBeVisible();
  await reportDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(reportDialog).toBeHidden();
  await expect(ownersMessage.getByRole('button', { name: 'Denunciar' })).toBeVisible();
  expect(reportsSent).toBe(0);
  await ownersMessage.getByRole('button', { name: 'Denunciar' }).click();
  await reportDialog.getByRole('radio', { name: 'Golpe ou fraude' }).check();
  await reportDialog.getByLabel('O que aconteceu').fill('Pediu um depósito antes da entrega');
  await reportDialog.getByRole('button', { name: 'Denunciar' }).click();
  await expect(requester.page.getByText('Mensagem denunciada. A administração vai analisar.')).toBeVisible();
  await expect(reportDialog).toBeHidden();
  await expect(ownersMessage.getByText('Denunciada')).toBeVisible();
  expect(reportsSent).toBe(1);
  // It waits in /admin 'Denúncias' like a reported listing or neighbour, and is decided the same way.
  await moderator.page.goto('/admin?secao=denuncias');
  const reported = moderator.page.getByRole('listitem', { name: `Denúncia de mensagem: ${owner.fullName}` }).filter({ hasText: title });
  await expect(reported).toContainText('Pode sim! Bloco E, apto 707.');
  await expect(reported).toContainText(`Mensagem de ${owner.fullName} (E-${owner.apartment}) no pedido de ${title}`);
  await expect(reported).toContainText('Motivo: Golpe ou fraude · Pediu um depósito antes da entrega');
  await expect(reported).toContainText(`Denunciado por ${requester.fullName} (E-${requester.apartment})`);
  await expect(reported.getByRole('button', { name: 'Remover anúncio' })).toHaveCount(0);
  await reported.getByRole('button', { name: 'Ler conversa' }).click();
  const thread = moderator.page.getByRole('dialog', { name: 'Conversa denunciada' });
  await expect(thread).toContainText('Combinado, até amanhã!');
  await thread.getByRole('button', { name: 'Fechar' }).click();
  await reported.getByRole('button', { name: 'Arquivar' }).click();
  await moderator.page.getByRole('dialog', { name: 'Arquivar denúncia' }).getByRole('button', { name: 'Arquivar' }).click();
  await expect(reported).toBeHidden();
  await requester.page.goto('/notificacoes');
  await expect(requester.page.getByText('Sua denúncia foi analisada').first()).toBeVisible();

  for (const context of [owner.context, requester.context, admin.context, moderator.context]) await context.close();
});
