import { Link } from '@tanstack/react-router';
import type { InboxConversation } from '@vizinhanca/shared/messages/message.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { MessageSquareIcon } from '../../../components/ui/icons.tsx';
import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useInbox } from '../hooks/use-inbox.ts';
import '../inbox.css';

/** /mensagens: every conversation, the most recently active first; a tap opens the thread. */
export function InboxScreen() {
  const inbox = useInbox();
  const { conversations } = inbox;

  return (
    <AppScreen header={<PageHeader title="Mensagens" backTo="/" />}>
      {conversations ? (
        conversations.length === 0 ? (
          <EmptyState
            icon={<MessageSquareIcon />}
            title="Nenhuma conversa ainda"
            text="Quando você fizer ou receber um pedido, a conversa com o vizinho aparece aqui."
          />
        ) : (
          <>
            <ul className="inbox-list" aria-label="Conversas">
              {conversations.map((conversation) => (
                <li key={conversation.orderId}>
                  <ConversationRow conversation={conversation} />
                </li>
              ))}
            </ul>
            <LoadMore hasMore={inbox.hasNextPage} loading={inbox.isFetchingNextPage} onLoad={() => void inbox.fetchNextPage()} label="Ver mais" className="inbox-more" />
          </>
        )
      ) : inbox.isError ? (
        <LoadError error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : (
        <Spinner label="Carregando conversas" />
      )}
    </AppScreen>
  );
}

function ConversationRow({ conversation }: { conversation: InboxConversation }) {
  const { counterpart, listing, lastMessage, unread } = conversation;
  return (
    // An app link (shared/src/first-screen/held-taps.ts): tapped before the app runs, it waits for the app,
    // which alone sets the state that makes the thread's back arrow return here.
    <Link
      to="/pedido/$id/conversa"
      params={{ id: conversation.orderId }}
      state={{ fromInbox: true }}
      data-app-link=""
      className={`inbox-row${unread > 0 ? ' inbox-row-unread' : ''}`}
    >
      <PersonAvatar fullName={counterpart.fullName} avatarUrl={counterpart.avatarUrl} className="inbox-avatar" />
      <span className="inbox-text">
        <span className="inbox-top">
          <span className="inbox-name">{counterpart.fullName}</span>
          <span className="inbox-time">
            <RelativeTime date={lastMessage.createdAt} />
          </span>
        </span>
        <span className="inbox-listing">
          {listing?.imageCardUrl ? <img src={listing.imageCardUrl} alt="" loading="lazy" className="inbox-listing-photo" /> : null}
          <span className="inbox-listing-title">{listing ? listing.title : 'Item removido'}</span>
          {conversation.open ? null : <span className="inbox-closed">Encerrada</span>}
        </span>
        <span className="inbox-bottom">
          <span className="inbox-last">
            {lastMessage.mine ? 'Você: ' : ''}
            {lastMessage.body}
          </span>
          {unread > 0 ? (
            <span className="inbox-unread">
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="visually-hidden">, {unread === 1 ? '1 mensagem não lida' : `${unread} mensagens não lidas`}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
