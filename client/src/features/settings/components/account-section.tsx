import { useState } from 'react';
import { ChevronRightIcon, LockIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';

const DIALOGS = [
  { dialog: 'profile', label: 'Editar perfil', Icon: UserIcon },
  { dialog: 'password', label: 'Alterar senha', Icon: LockIcon },
] as const;

/** Conta: 'Editar perfil' (photo; the rest read-only) and 'Alterar senha'. */
export function AccountSection() {
  const [open, setOpen] = useState<(typeof DIALOGS)[number]['dialog'] | null>(null);
  return (
    <TitledSection titleId="settings-account" title="Conta">
      <ul className="row-list">
        {DIALOGS.map(({ dialog, label, Icon }) => (
          <li key={dialog}>
            <button type="button" className="menu-item settings-menu-button" onClick={() => setOpen(dialog)}>
              <Icon />
              <span className="menu-item-label">{label}</span>
              <ChevronRightIcon />
            </button>
          </li>
        ))}
      </ul>
      <EditProfileDialog open={open === 'profile'} onClose={() => setOpen(null)} />
      <ChangePasswordDialog open={open === 'password'} onClose={() => setOpen(null)} />
    </TitledSection>
  );
}
