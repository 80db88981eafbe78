import { Link } from '@tanstack/react-router';
import { ChevronRightIcon, NoticeIcon } from '../../../components/ui/icons.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** The announcement pinned on top of home until its date (live: a new or edited one replaces it). */
export function PinnedAnnouncement() {
  const pinned = trpc.announcements.pinned.useQuery().data;
  if (!pinned) return null;
  return (
    <Link to="/comunicados" className="card pinned-announcement">
      <span className="icon-tile pinned-announcement-icon">
        <NoticeIcon />
      </span>
      <span className="pinned-announcement-text">
        <span className="pinned-announcement-label">Comunicado fixado</span>
        <span className="pinned-announcement-title">{pinned.title}</span>
      </span>
      <ChevronRightIcon />
    </Link>
  );
}
