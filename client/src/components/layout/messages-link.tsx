import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUnreadMessages } from '../../hooks/use-unread-messages.ts';
import { CountBadge } from '../ui/badge.tsx';

/**
 * 'Mensagens' (home and profile): the total of unread order messages; it opens the
 * first conversation with unread messages, or the orders when there is none.
 */
export function MessagesLink({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  const { total, firstOrderId } = useUnreadMessages();
  const badge = <CountBadge count={total} srLabel={(count) => `${count} ${count === 1 ? 'mensagem não lida' : 'mensagens não lidas'}`} />;
  if (firstOrderId) {
    return (
      <Link to="/pedido/$id/conversa" params={{ id: firstOrderId }} className={className}>
        {label ? <span className="visually-hidden">{label}</span> : null}
        {children}
        {badge}
      </Link>
    );
  }
  return (
    <Link to="/meus-pedidos" className={className}>
      {label ? <span className="visually-hidden">{label}</span> : null}
      {children}
      {badge}
    </Link>
  );
}
