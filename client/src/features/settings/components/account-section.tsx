import { useState } from 'react';
import { ChevronRightIcon, LockIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';

/** Conta: 'Editar perfil' (photo; the rest read-only) and 'Alterar senha'. */
export function AccountSection() {
  const [open, setOpen] = useState<'profile' | 'password' | null>(null);
  return (
    <TitledSection titleId="settings-account" title="Conta">
      <ul className="row-list">
        <li>
          <button type="button" className="menu-item settings-menu-button" onClick={() => setOpen('profile')}>
            <UserIcon />
            <span className="menu-item-label">Editar perfil</span>
            <ChevronRightIcon />
          </button>
        </li>
        <li>
          <button type="button" className="menu-item settings-menu-button" onClick={() => setOpen('password')}>
            <LockIcon />
            <span className="menu-item-label">Alterar senha</span>
            <ChevronRightIcon />
          </button>
        </li>
      </ul>
      <EditProfileDialog open={open === 'profile'} onClose={() => setOpen(null)} />
      <ChangePasswordDialog open={open === 'password'} onClose={() => setOpen(null)} />
    </TitledSection>
  );
}
