import { expect, test } from './fixtures.ts';
import { approvedResident, DEMO, expectToast, newSignedInContext, publishedListing, uniqueWord } from './helpers.ts';

// Report and block at 390x844: a resident blocks a neighbour and no longer sees their
// listings (feed, search, the listing's link, the neighbour's page), and undoes it in
// Configurações; a reported listing is removed by a moderator in /admin 'Denúncias', and
// the reporter is told only that the report was handled. People are created for the walk.

test('a resident blocks a neighbour and no longer sees their listings, then unblocks them in Configurações', async ({ browser }) => {
  test.slow(); // Two residents, an administrator and a moderator, each in their own browser.
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const neighbour = await approvedResident(browser, admin.page, 'incomoda');
  const resident = await approvedResident(browser, admin.page, 'bloqueia');
  const title = uniqueWord('Escada');
  const listingId = await publishedListing(neighbour.page, moderator.page, { type: 'rental', title, description: 'Escada de alumínio, 7 degraus.', priceCents: 1500 });

  const { page } = resident;
  await page.goto(`/busca?busca=${title}`);
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await page.goto(`/vizinho/${neighbour.id}`);
  await expect(page.getByRole('heading', { name: neighbour.fullName })).toBeVisible();
  await page.screenshot({ path: 'test-results/trust-neighbour-390.png' });
  await page.getByRole('button', { name: 'Bloquear' }).click();
  const dialog = page.getByRole('dialog', { name: `Bloquear ${neighbour.fullName}?` });
  await expect(dialog).toContainText('A pessoa não é avisada.');
  await page.screenshot({ path: 'test-results/trust-block-dialog-390.png' });
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expectToast(page, 'Pessoa bloqueada.');
  await expect(page).toHaveURL(/\/$/);

  // Gone from the feed and the search; the link and the page say why.
  await page.goto('/alugueis');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/busca?busca=${title}`);
  await expect(page.getByText(/Nenhum/).first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  await page.goto(`/item/${listingId}`);
  // The server's words say why and where to undo it.
  await expect(page.getByText(/Você bloqueou esta pessoa\. Para ver e negociar de novo, desbloqueie em Configurações/)).toBeVisible();
  await page.goto(`/vizinho/${neighbour.id}`);
  await expect(page.getByText(/Você bloqueou esta pessoa/)).toBeVisible();

  // The neighbour does not see the resident's page either, and is not told why.
  await neighbour.page.goto(`/vizinho/${resident.id}`);
  await expect(neighbour.page.getByText('Vizinho não encontrado')).toBeVisible();

  // Configurações → 'Pessoas bloqueadas' → 'Desbloquear': the listing is back.
  await page.goto('/configuracoes');
  const blocked = page.getByRole('list', { name: 'Pessoas bloqueadas' });
  await expect(blocked).toContainText(neighbour.fullName);
  await blocked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/trust-blocked-people-390.png' });
  await page.getByRole('button', { name: `Desbloquear ${neighbour.fullName}` }).click();
  await expectToast(page, 'Pessoa desbloqueada.');
  await expect(page.getByText('Você não bloqueou ninguém.')).toBeVisible();
  await page.goto(`/busca?busca=${title}`);
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();

  for (const context of [admin.context, moderator.context, neighbour.context, resident.context]) await context.close();
});

test("a reported listing is removed by a moderator in /admin 'Denúncias'; the reporter is told it was handled", async ({ browser }) => {
  test.slow();
  const admin = await newSignedInContext(browser, DEMO.admin);
  const moderator = await newSignedInContext(browser, DEMO.moderator);
  const owner = await approvedResident(browser, admin.page, 'golpista');
  const reporter = await approvedResident(browser, admin.page, 'denuncia');
  const title = uniqueWord('Celular');
  const listingId = await publishedListing(owner.page, moderator.page, { type: 'rental', title, description: 'Celular novo, só Pix adiantado.', priceCents: 5000 });

  const { page } = reporter;
  await page.goto(`/item/${listingId}`);
  await page.getByRole('button', { name: 'Denunciar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar anúncio' });
  // No reason: the dialog says so and sends nothing.
  await dialog.getByRole('button', { name: 'Denunciar' }).click();
  await expect(dialog.getByText('Escolha o motivo da denúncia')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Golpe ou fraude' }).check();
  await dialog.getByLabel(/O que aconteceu/).fill('Pede Pix adiantado e some.');
  await page.screenshot({ path: 'test-results/trust-report-dialog-390.png' });
  await dialog.getByRole('button', { name: 'Denunciar' }).click();
  await expectToast(page, 'Anúncio denunciado. A administração vai analisar.');

  // The moderator finds it in 'Denúncias', with who reported it and why, and removes the listing.
  const staff = moderator.page;
  await staff.goto('/admin?secao=denuncias');
  const report = staff.getByRole('listitem', { name: `Denúncia de anúncio: ${title}` });
  await expect(report).toContainText('Golpe ou fraude');
  await expect(report).toContainText(reporter.fullName);
  await expect(report).toContainText('Pede Pix adiantado e some.');
  await report.scrollIntoViewIfNeeded();
  await staff.screenshot({ path: 'test-results/trust-admin-reports-390.png' });
  // Moderators do not suspend.
  await expect(report.getByRole('button', { name: 'Suspender' })).toHaveCount(0);
  await report.getByRole('button', { name: 'Remover anúncio' }).click();
  await staff.getByRole('dialog', { name: 'Remover anúncio' }).getByRole('button', { name: 'Remover anúncio' }).click();
  await expectToast(staff, 'Anúncio removido.');
  await expect(report).toHaveCount(0);

  // The listing is gone; the reporter reads that the report was handled, not what was decided.
  await page.goto(`/item/${listingId}`);
  await expect(page.getByText('Ele pode ter sido removido, pausado ou ainda não ter sido aprovado.')).toBeVisible();
  await page.goto('/notificacoes');
  await expect(page.getByText('Sua denúncia foi analisada').first()).toBeVisible();
  await expect(page.getByText(/removid/i)).toHaveCount(0);

  for (const context of [admin.context, moderator.context, owner.context, reporter.context]) await context.close();
});
