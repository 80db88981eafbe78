import { Link } from '@tanstack/react-router';
import { isStaff } from '@vizinhanca/shared/users/user.types';
import { BottomNav } from '../../../components/layout/bottom-nav.tsx';
import { CountBadge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { MessagesLink } from '../../../components/layout/messages-link.tsx';
import { BellIcon, MessageSquareIcon, NoticeIcon, PlusIcon, SearchIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { useSessionUser } from '../../../hooks/use-session-user.ts';
import { useUnreadCount } from '../../../hooks/use-unread-count.ts';
import { CategoryCards } from './category-cards.tsx';
import { HomeSearch } from './home-search.tsx';
import { PinnedAnnouncement } from './pinned-announcement.tsx';
import { RecentActivity } from './recent-activity.tsx';

/** Home (docs/product.md §10.5). */
export function HomeScreen() {
  const user = useSessionUser();
  const unread = useUnreadCount();
  if (!user) return null;
  const staff = isStaff(user.roles);

  return (
    <div className="screen screen-with-nav">
      <header className="home-hero">
        <div className="home-hero-top">
          <div>
            <h1 className="home-greeting">Olá, {user.fullName}!</h1>
            <p className="home-welcome">Bem-vindo(a) à sua vizinhança. O que você procura hoje?</p>
          </div>
          <div className="home-hero-icons">
            <Link to="/comunicados" className="icon-button icon-button-on-brand">
              <span className="visually-hidden">Comunicados</span>
              <NoticeIcon />
            </Link>
            <MessagesLink className="icon-button icon-button-on-brand" label="Mensagens">
              <MessageSquareIcon />
            </MessagesLink>
            <Link to="/notificacoes" className="icon-button icon-button-on-brand">
              {/* The name in text, not aria-label: the unread count inside stays part of it (Lighthouse label-content-name-mismatch). */}
              <span className="visually-hidden">Notificações</span>
              <BellIcon />
              <CountBadge count={unread} srLabel={(count) => `${count} não lidas`} />
            </Link>
          </div>
        </div>
      </header>

      <main className="screen-main home-content">
        <PinnedAnnouncement />
        <HomeSearch />
        <CategoryCards />

        <div className={`home-actions${staff ? ' home-actions-two' : ''}`}>
          <Link to="/anuncios" className={buttonClassName({ variant: 'primary', size: 'md', block: true })}>
            <PlusIcon />
            Criar Anúncio
          </Link>
          {staff ? (
            <Link to="/admin" className={buttonClassName({ variant: 'outline', size: 'md', block: true })}>
              <ShieldIcon />
              Painel Admin
            </Link>
          ) : null}
        </div>

        <Link to="/procura-se" className={buttonClassName({ variant: 'outline', size: 'md', block: true })}>
          <SearchIcon />
          Procura-se
        </Link>

        <RecentActivity />
      </main>

      <BottomNav />
    </div>
  );
}
