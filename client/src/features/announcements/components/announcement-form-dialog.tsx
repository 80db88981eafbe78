import {
  ANNOUNCEMENT_BODY_MAX_LENGTH,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_TITLE_MAX_LENGTH,
  announcementFieldsSchema,
  isPinnedUntilAllowed,
  type AnnouncementItem,
} from '@vizinhanca/shared/announcements/announcement.schema';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { CameraIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useImageUpload } from '../../../hooks/use-image-upload.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { usePublishAnnouncement, useUpdateAnnouncement } from '../hooks/use-announcements.ts';

interface Photo {
  id: string;
  url: string;
}

/** 'Novo comunicado' (no `editing`) or 'Editar comunicado': title, text, an optional photo and 'Fixar até'. */
export function AnnouncementFormDialog({ editing, onClose }: { editing: AnnouncementItem | null; onClose: () => void }) {
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [pinnedUntil, setPinnedUntil] = useState(editing?.pinnedUntil ?? '');
  const [photo, setPhoto] = useState<Photo | null>(editing?.imageUrl ? { id: imageIdOf(editing.imageUrl), url: editing.imageUrl } : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useImageUpload('announcement');
  const publish = usePublishAnnouncement(onClose);
  const update = useUpdateAnnouncement(onClose);
  const photoInputId = useId();
  const today = todayInTimeZone();
  const saving = publish.isPending || update.isPending;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const image = await upload.uploadPicked(event, (message) => toast.error(message));
    if (image) setPhoto({ id: image.id, url: image.detailUrl });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = announcementFieldsSchema.safeParse({ title, body, pinnedUntil, imageId: photo?.id ?? null });
    const fieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    // An older announcement keeps its past date; a new or changed one may not be in the past.
    if (parsed.success && parsed.data.pinnedUntil !== (editing?.pinnedUntil ?? null) && !isPinnedUntilAllowed(parsed.data.pinnedUntil, today)) {
      fieldErrors.pinnedUntil = ANNOUNCEMENT_MESSAGES.pinnedInPast;
    }
    setErrors(fieldErrors);
    const first = Object.values(fieldErrors)[0];
    if (first || !parsed.success) {
      toast.error(first ?? ANNOUNCEMENT_MESSAGES.titleRequired);
      return;
    }
    if (editing) update.mutate({ id: editing.id, ...parsed.data });
    else publish.mutate(parsed.data);
  }

  const formId = useId();
  return (
    <Dialog
      open
      title={editing ? 'Editar comunicado' : 'Novo comunicado'}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={upload.isUploading}>
            {editing ? 'Salvar' : 'Publicar'}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        <TextField
          id="announcement-title"
          label="Título"
          maxLength={ANNOUNCEMENT_TITLE_MAX_LENGTH}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          aria-required="true"
        />
        <TextAreaField
          id="announcement-body"
          label="Texto"
          rows={6}
          maxLength={ANNOUNCEMENT_BODY_MAX_LENGTH}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={errors.body}
          hint={`${body.length}/${ANNOUNCEMENT_BODY_MAX_LENGTH}`}
          aria-required="true"
        />
        <div className="field">
          <span className="field-label">
            Foto <span className="field-optional">opcional</span>
          </span>
          {photo ? (
            <div className="announcement-form-photo">
              <img src={photo.url} alt="Foto do comunicado" />
              <Button variant="ghost" size="sm" onClick={() => setPhoto(null)}>
                <TrashIcon />
                Remover foto
              </Button>
            </div>
          ) : null}
          <input id={photoInputId} className="visually-hidden" type="file" accept="image/*" onChange={(event) => void onPick(event)} disabled={upload.isUploading} />
          <label htmlFor={photoInputId} className="btn btn-outline btn-sm announcement-form-pick" aria-busy={upload.isUploading || undefined}>
            <CameraIcon />
            {upload.isUploading ? 'Enviando foto...' : photo ? 'Trocar foto' : 'Adicionar foto'}
          </label>
        </div>
        <TextField
          id="announcement-pinned-until"
          label="Fixar até"
          type="date"
          optional
          min={today}
          value={pinnedUntil}
          onChange={(event) => setPinnedUntil(event.target.value)}
          error={errors.pinnedUntil}
          hint="Até esta data, o comunicado aparece no topo da tela inicial."
        />
      </form>
    </Dialog>
  );
}

/** The upload's id in its address (/files/images/{id}/detail.webp): an edit keeps the photo it had. */
function imageIdOf(url: string): string {
  return url.split('/')[3] ?? '';
}
