import { Suspense, useState } from 'react';
import { ChevronRightIcon, LockIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { lazyScreen } from '../../../lib/lazy-screen.ts';

// The dialogs (the photo upload, the password form) are closed on the first screen: their code loads
// right after it, not with it (docs/decisions/013-first-screen.md). A closed dialog draws
// nothing, so the Suspense around them has nothing to show while they load.
const EditProfileDialog = lazyScreen(() => import('./edit-profile-dialog.tsx'), 'EditProfileDialog');
const ChangePasswordDialog = lazyScreen(() => import('./change-password-dialog.tsx'), 'ChangePasswordDialog');

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
      <Suspense fallback={null}>
        <EditProfileDialog open={open === 'profile'} onClose={() => setOpen(null)} />
        <ChangePasswordDialog open={open === 'password'} onClose={() => setOpen(null)} />
      </Suspense>
    </TitledSection>
  );
}
