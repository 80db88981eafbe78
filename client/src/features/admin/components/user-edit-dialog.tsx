import { maskCpf } from '@vizinhanca/shared/auth/cpf';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { BIO_MAX_LENGTH, type AdminUser } from '@vizinhanca/shared/users/admin-users.schema';
import { ROLES, type ApprovalStatus, type Role } from '@vizinhanca/shared/users/user.types';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { useAdminUser, useExportPersonData, usePersonChanges } from '../hooks/use-admin-people.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { NewBillingForm } from './new-billing-form.tsx';
import { APPROVAL_OPTIONS, ROLE_LABELS } from './people-labels.ts';
import { SelectField } from './select-field.tsx';
import { PhoneField } from '../../../components/account-fields.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';

interface UserEditDialogProps {
  userId: string | null;
  /** The signed-in administrator: they cannot anonymise themselves. */
  currentUserId: string;
  onClose: () => void;
}

/** 'Editar Usuário' (spec 2.23): the profile, approval, suspension and roles; e-mail and CPF read-only. */
export function UserEditDialog({ userId, currentUserId, onClose }: UserEditDialogProps) {
  const user = useAdminUser(userId);
  return (
    <Dialog open={userId !== null} title="Editar Usuário" onClose={onClose}>
      {user.isPending ? (
        <Spinner />
      ) : user.isError ? (
        <LoadError error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <>
          <UserEditForm key={user.data.updatedAt.toISOString()} user={user.data} canAnonymize={user.data.id !== currentUserId} onClose={onClose} />
          {user.data.anonymized ? null : <NewBillingForm userId={user.data.id} />}
        </>
      )}
    </Dialog>
  );
}

function UserEditForm({ user, canAnonymize, onClose }: { user: AdminUser; canAnonymize: boolean; onClose: () => void }) {
  const { update, anonymize } = usePersonChanges();
  const exportData = useExportPersonData();
  const [fullName, setFullName] = useState(user.fullName);
  const [phone, setPhone] = useState(user.phone ? maskPhone(user.phone) : '');
  const [block, setBlock] = useState(user.block ?? '');
  const [apartment, setApartment] = useState(user.apartment ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [approvalStatus, setApprovalStatus] = useState<ApprovalStatus>(user.approvalStatus);
  const [isSuspended, setSuspended] = useState(user.isSuspended);
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const [reason, setReason] = useState('');
  const [confirmingAnonymize, setConfirmingAnonymize] = useState(false);
  const errors = update.error ? fieldErrorsOf(update.error) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    // Closed through the promise, not mutate's callback: the change can reach this tab live before its
    // answer does, refetching the person and remounting this form (its key), and the callbacks of a
    // remounted form's mutate never run (the dialog stayed open). A refusal is shown from update.error.
    update
      .mutateAsync({
        userId: user.id,
        expectedUpdatedAt: user.updatedAt,
        fullName,
        phone,
        block,
        apartment,
        bio,
        approvalStatus,
        isSuspended,
        roles,
        reason,
      })
      .then(onClose, () => undefined);
  }

  const toggleRole = (role: Role, on: boolean) => setRoles((current) => (on ? [...current, role] : current.filter((item) => item !== role)));

  return (
    <form className="admin-user-form" onSubmit={submit} noValidate>
      <dl className="detail-list admin-user-readonly">
        <div>
          <dt>E-mail</dt>
          <dd>
            <EmailAddress email={user.email} />
          </dd>
        </div>
        <div>
          <dt>CPF</dt>
          <dd>{user.cpf ? maskCpf(user.cpf) : 'Não informado'}</dd>
        </div>
      </dl>
      <TextField id="admin-user-name" label="Nome completo" required value={fullName} error={errors.fullName} onChange={(event) => setFullName(event.target.value)} />
      <PhoneField id="admin-user-phone" value={phone} error={errors.phone} onChange={setPhone} />
      <div className="form-row">
        <TextField id="admin-user-block" label="Bloco" optional value={block} error={errors.block} onChange={(event) => setBlock(event.target.value)} />
        <TextField id="admin-user-apartment" label="Apartamento" optional value={apartment} error={errors.apartment} onChange={(event) => setApartment(event.target.value)} />
      </div>
      <TextAreaField id="admin-user-bio" label="Bio" optional rows={3} maxLength={BIO_MAX_LENGTH} value={bio} error={errors.bio} onChange={(event) => setBio(event.target.value)} />
      <SelectField id="admin-user-status" label="Status do cadastro" value={approvalStatus} options={APPROVAL_OPTIONS} onChange={setApprovalStatus} />
      <fieldset className="admin-user-checks">
        <legend className="field-label">Acesso</legend>
        <label className="boxed-row admin-user-check">
          <input type="checkbox" checked={isSuspended} onChange={(event) => setSuspended(event.target.checked)} />
          Conta suspensa
        </label>
        {ROLES.map((role) => (
          <label key={role} className="boxed-row admin-user-check">
            <input type="checkbox" checked={roles.includes(role)} onChange={(event) => toggleRole(role, event.target.checked)} />
            {ROLE_LABELS[role]}
          </label>
        ))}
      </fieldset>
      <TextField
        id="admin-user-reason"
        label="Motivo"
        optional
        hint="Fica no histórico de atividade (e é enviado a quem tinha pedidos cancelados pela suspensão)."
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="dialog-footer">
        <Button variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={update.isPending}>
          Salvar
        </Button>
      </div>
      <div className="admin-user-danger">
        <Button variant="outline" size="sm" loading={exportData.isPending} onClick={() => void exportData.download(user.id)}>
          Baixar dados (LGPD)
        </Button>
      </div>
      {canAnonymize ? (
        <div className="admin-user-danger">
          {confirmingAnonymize ? (
            <>
              <p>
                Os dados pessoais de {user.fullName} serão apagados e os anúncios removidos. Pedidos e avaliações antigos ficam, como
                &apos;Ex-morador&apos;. Isso não pode ser desfeito.
              </p>
              <Button variant="danger" loading={anonymize.isPending} onClick={() => anonymize.mutateAsync({ userId: user.id }).then(onClose, () => undefined)}>
                Confirmar anonimização
              </Button>
            </>
          ) : (
            <Button variant="danger-outline" size="sm" onClick={() => setConfirmingAnonymize(true)}>
              Anonimizar dados (LGPD)
            </Button>
          )}
        </div>
      ) : null}
    </form>
  );
}
