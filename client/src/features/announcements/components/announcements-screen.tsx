import type { AnnouncementItem } from '@vizinhanca/shared/announcements/announcement.schema';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NoticeIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { useSessionUser } from '../../../hooks/use-session-user.ts';
import { useAnnouncements, useReadOnOpen, useRemoveAnnouncement } from '../hooks/use-announcements.ts';
import { AnnouncementCard } from './announcement-card.tsx';
import { AnnouncementFormDialog } from './announcement-form-dialog.tsx';
import '../announcements.css';

/** /comunicados: the administration's announcements, newest first; administrators publish, edit and remove them here. */
export function AnnouncementsScreen() {
  const items = useAnnouncements();
  const isAdmin = useSessionUser()?.roles.includes('admin') ?? false;
  const [form, setForm] = useState<{ editing: AnnouncementItem | null } | null>(null);
  const [removing, setRemoving] = useState<AnnouncementItem | null>(null);
  const remove = useRemoveAnnouncement(() => setRemoving(null));
  useReadOnOpen(items.some((item) => item.unread));

  return (
    <AppScreen
      header={
        <PageHeader
          title="Comunicados"
          backTo="/"
          actions={
            isAdmin ? (
              <Button size="sm" onClick={() => setForm({ editing: null })}>
                <PlusIcon />
                Novo comunicado
              </Button>
            ) : null
          }
        />
      }
    >
      {items.length === 0 ? (
        <EmptyState icon={<NoticeIcon />} title="Nenhum comunicado ainda" text="Os avisos da administração do condomínio aparecem aqui." />
      ) : (
        <div className="announcement-list">
          {items.map((item) => (
            <AnnouncementCard
              key={item.id}
              item={item}
              onEdit={isAdmin ? (target) => setForm({ editing: target }) : undefined}
              onRemove={isAdmin ? setRemoving : undefined}
            />
          ))}
        </div>
      )}
      {form ? <AnnouncementFormDialog key={form.editing?.id ?? 'new'} editing={form.editing} onClose={() => setForm(null)} /> : null}
      <Dialog
        open={removing !== null}
        title="Remover comunicado?"
        description={removing ? `"${removing.title}" deixa de aparecer para os moradores.` : undefined}
        onClose={() => setRemoving(null)}
        footer={
          <>
            <Button variant="outline" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => removing && remove.mutate({ id: removing.id })}>
              Remover
            </Button>
          </>
        }
      />
    </AppScreen>
  );
}
