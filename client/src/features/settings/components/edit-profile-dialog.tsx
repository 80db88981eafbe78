import { useId, type ChangeEvent } from 'react';
import { hideCpf } from '@vizinhanca/shared/auth/cpf';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { initials } from '@vizinhanca/shared/users/user.types';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { StatList } from '../../../components/ui/stat-list.tsx';
import { CameraIcon } from '../../../components/ui/secondary-icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useImageUpload } from '../../../hooks/use-image-upload.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useSetAvatar } from '../hooks/use-set-avatar.ts';

/** Editar perfil (2.22): the photo can change; personal data is read-only, the administration changes it. */
export function EditProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = trpc.users.me.useQuery(undefined, { enabled: open });
  const upload = useImageUpload('avatar');
  const setAvatar = useSetAvatar();
  const fileInputId = useId();

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const image = await upload.uploadPicked(event, (message) => toast.error(`Erro ao atualizar foto: ${message}`));
    if (image) setAvatar.mutate({ imageId: image.id });
  }

  const me = profile.data;
  const busy = upload.isUploading || setAvatar.isPending;
  const fields: [string, string][] = me
    ? [
        ['Nome', me.fullName],
        ['CPF', me.cpf ? hideCpf(me.cpf) : 'Não informado'],
        ['E-mail', me.email],
        ['Telefone', me.phone ? maskPhone(me.phone) : 'Sem telefone'],
        ['Bloco', me.block ?? 'Não informado'],
        ['Apartamento', me.apartment ?? 'Sem apartamento'],
        ['Bio', me.bio ?? 'Sem bio'],
      ]
    : [];

  return (
    <Dialog
      open={open}
      title="Editar perfil"
      onClose={onClose}
      footer={
        <Button variant="outline" block onClick={onClose}>
          Fechar
        </Button>
      }
    >
      {me ? (
        <div className="settings-profile">
          <div className="settings-avatar-row">
            <div className="avatar" aria-hidden={me.avatarUrl ? undefined : true}>
              {me.avatarUrl ? <img src={me.avatarUrl} alt={`Foto de ${me.fullName}`} /> : initials(me.fullName)}
            </div>
            <input id={fileInputId} className="visually-hidden" type="file" accept="image/*" onChange={(event) => void onPick(event)} disabled={busy} />
            <label htmlFor={fileInputId} className={`btn btn-outline btn-sm${busy ? ' settings-disabled' : ''}`} aria-busy={busy || undefined}>
              <CameraIcon />
              {busy ? 'Enviando foto...' : 'Alterar foto'}
            </label>
          </div>
          <StatList className="detail-list settings-fields" stats={fields} />
          <p className="notice notice-info">Para alterar seus dados pessoais, entre em contato com a administração do condomínio.</p>
        </div>
      ) : (
        <span className="spinner spinner-block" role="status" aria-label="Carregando" />
      )}
    </Dialog>
  );
}
