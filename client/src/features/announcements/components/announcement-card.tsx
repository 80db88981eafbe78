import { readCountLabel, type AnnouncementItem } from '@vizinhanca/shared/announcements/announcement.schema';
import { formatCalendarDate, todayInTimeZone } from '@vizinhanca/shared/format/format';
import { useId } from 'react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PencilIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';

interface AnnouncementCardProps {
  item: AnnouncementItem;
  /** Administrators: edit and remove. */
  onEdit?: (item: AnnouncementItem) => void;
  onRemove?: (item: AnnouncementItem) => void;
}

/** One announcement: its text as written (line breaks kept; links stay text, never markup), who published it and when. */
export function AnnouncementCard({ item, onEdit, onRemove }: AnnouncementCardProps) {
  const titleId = useId();
  // The page's instant, as the server drew it: the badge reads the same in the hydration.
  const today = todayInTimeZone(undefined, useNow());
  const pinned = item.pinnedUntil !== null && item.pinnedUntil >= today;
  return (
    <article className="card announcement-card" aria-labelledby={titleId}>
      <div className="announcement-badges">
        {item.unread ? <Badge variant="brand">Novo</Badge> : null}
        {pinned ? <Badge variant="warning">{`Fixado até ${formatCalendarDate(item.pinnedUntil!)}`}</Badge> : null}
      </div>
      <h2 className="announcement-title" id={titleId}>
        {item.title}
      </h2>
      <p className="announcement-meta">
        Publicado por {item.author.fullName} · <RelativeTime date={item.createdAt} />
        {item.editedAt ? <span className="announcement-edited"> · Editado</span> : null}
      </p>
      {item.imageUrl ? <img className="announcement-photo" src={item.imageUrl} alt={`Foto do comunicado ${item.title}`} loading="lazy" /> : null}
      <p className="announcement-body">{item.body}</p>
      {item.reads ? <p className="announcement-reads">{readCountLabel(item.reads.read, item.reads.recipients)}</p> : null}
      {onEdit && onRemove ? (
        <div className="announcement-actions">
          <Button variant="outline" size="sm" onClick={() => onEdit(item)} aria-label={`Editar ${item.title}`}>
            <PencilIcon />
            Editar
          </Button>
          <Button variant="danger-outline" size="sm" onClick={() => onRemove(item)} aria-label={`Remover ${item.title}`}>
            <TrashIcon />
            Remover
          </Button>
        </div>
      ) : null}
    </article>
  );
}
