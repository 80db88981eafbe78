import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { CountBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { BellIcon, HeartIcon, HelpCircleIcon, LogOutIcon, MapPinIcon, MessageSquareIcon, NoticeIcon, PhoneIcon, SettingsIcon } from '../../../components/ui/icons.tsx';
import { CreditCardIcon, MegaphoneIcon, ReceiptIcon, ShoppingBagIcon, UsersIcon } from '../../../components/ui/secondary-icons.tsx';
import { useLogout } from '../../../hooks/use-logout.ts';
import { useUnreadCount } from '../../../hooks/use-unread-count.ts';
import { MessagesLink } from '../../../components/layout/messages-link.tsx';
import { MenuLinks, type MenuLink } from '../../../components/layout/menu-links.tsx';
import { PersonCard } from '../../../components/person-card.tsx';
import { useOwnProfile } from '../hooks/use-own-profile.ts';
import { ProfileStats } from './profile-stats.tsx';

interface Shortcut {
  to: '/meus-pedidos' | '/anuncios' | '/cobrancas' | '/notificacoes';
  label: string;
  Icon: ComponentType;
}

const TILES: Shortcut[] = [
  { to: '/meus-pedidos', label: 'Meus Pedidos', Icon: ShoppingBagIcon },
  { to: '/anuncios', label: 'Meus Anúncios', Icon: MegaphoneIcon },
  { to: '/cobrancas', label: 'Cobranças', Icon: ReceiptIcon },
  { to: '/notificacoes', label: 'Notificações', Icon: BellIcon },
];

const MENU: MenuLink[] = [
  { to: '/comunicados', label: 'Comunicados', Icon: NoticeIcon },
  { to: '/salvos', label: 'Salvos', Icon: HeartIcon },
  { to: '/configuracoes', label: 'Configurações', Icon: SettingsIcon },
  { to: '/convites', label: 'Convites', Icon: UsersIcon },
  { to: '/pagamentos', label: 'Pagamentos', Icon: CreditCardIcon },
  { to: '/ajuda', label: 'Ajuda', Icon: HelpCircleIcon },
];

/** /perfil (docs/product.md §10.9). */
export function ProfileScreen() {
  const profile = useOwnProfile();
  const unread = useUnreadCount();
  const logout = useLogout();

  return (
    <AppScreen header={<PageHeader title="Perfil" />}>
      <PersonCard
        look="profile"
        fullName={profile.fullName}
        avatarUrl={profile.avatarUrl}
        facts={[
          { Icon: MapPinIcon, text: profile.apartment ? `Apto ${profile.apartment}` : 'Sem apartamento' },
          { Icon: PhoneIcon, text: profile.phone ? maskPhone(profile.phone) : 'Sem telefone' },
        ]}
      >
        <ProfileStats />
      </PersonCard>

      <nav aria-label="Atalhos do perfil" className="columns">
        {TILES.map(({ to, label, Icon }) => (
          <Link key={to} to={to} className="card tile">
            <span className="icon-tile tile-icon">
              <Icon />
            </span>
            {label}
            {to === '/notificacoes' ? <CountBadge count={unread} srLabel={(count) => `${count} não lidas`} /> : null}
          </Link>
        ))}
      </nav>

      <MenuLinks label="Mais opções" items={MENU}>
        <li>
          <MessagesLink className="menu-item">
            <MessageSquareIcon />
            <span className="menu-item-label">Mensagens</span>
          </MessagesLink>
        </li>
      </MenuLinks>

      <Button variant="danger-outline" size="lg" block loading={logout.isPending} onClick={() => logout.mutate()}>
        <LogOutIcon />
        Sair da Conta
      </Button>
    </AppScreen>
  );
}
