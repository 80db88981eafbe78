import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUnreadMessages } from '../../hooks/use-unread-messages.ts';
import { CountBadge } from '../ui/badge.tsx';

/** 'Mensagens' (home and profile): opens /mensagens, with the total of unread messages of every conversation. */
export function MessagesLink({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  const { total } = useUnreadMessages();
  return (
    <Link to="/mensagens" className={className}>
      {label ? <span className="visually-hidden">{label}</span> : null}
      {children}
      <CountBadge count={total} srLabel={(count) => `${count} ${count === 1 ? 'mensagem não lida' : 'mensagens não lidas'}`} />
    </Link>
  );
}
