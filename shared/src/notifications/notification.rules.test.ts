import { describe, expect, it } from 'vitest';
import { isUrgent, listingHref, orderHref, preferenceOf } from './notification.rules.ts';
import { pushSubscriptionInput, setPreferenceInput } from './notification.schema.ts';

describe('notification rules', () => {
  it('open an order on the tab that shows its status, for each side', () => {
    expect(orderHref('owner', 'pending')).toBe('/gerenciar-pedidos');
    expect(orderHref('owner', 'approved')).toBe('/gerenciar-pedidos?aba=aprovados');
    expect(orderHref('owner', 'in_progress')).toBe('/gerenciar-pedidos?aba=em-andamento');
    expect(orderHref('owner', 'cancelled')).toBe('/gerenciar-pedidos?aba=finalizados');
    expect(orderHref('requester', 'pending')).toBe('/meus-pedidos?aba=pendentes');
    expect(orderHref('requester', 'in_progress')).toBe('/meus-pedidos?aba=ativos');
    expect(orderHref('requester', 'completed')).toBe('/meus-pedidos?aba=finalizados');
    expect(listingHref('abc')).toBe('/anuncio/abc');
  });

  it('tie each kind to its switch, and only return reminders are urgent', () => {
    expect(preferenceOf('order_status')).toBe('orders');
    expect(preferenceOf('reminder_pickup')).toBe('pickupReminders');
    expect(preferenceOf('reminder_return')).toBe('returnReminders');
    expect(preferenceOf('account_approved')).toBeNull();
    expect(preferenceOf('pending_sign_up')).toBe('staffPending');
    expect(preferenceOf('pending_report')).toBe('staffPending');
    expect(isUrgent('reminder_return')).toBe(true);
    expect(isUrgent('reminder_pickup')).toBe(false);
  });

  it('refuse a preference that does not exist and subscription keys of the wrong size, in pt-BR', () => {
    expect(setPreferenceInput.safeParse({ key: 'sms', enabled: true }).error?.issues[0]?.message).toBe('Preferência de notificação desconhecida');
    const keys = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };
    expect(pushSubscriptionInput.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys }).success).toBe(true);
    expect(pushSubscriptionInput.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, p256dh: 'B'.repeat(200) } }).error?.issues[0]?.message).toBe(
      'Inscrição de notificações inválida',
    );
  });
});
