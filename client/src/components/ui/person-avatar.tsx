import { initials } from '@vizinhanca/shared/users/user.types';

/** A person's photo (square, re-encoded on upload) or their initials; decorative next to their name. */
export function PersonAvatar({ fullName, avatarUrl, className }: { fullName: string; avatarUrl: string | null; className: string }) {
  return (
    <span className={className} aria-hidden="true">
      {avatarUrl ? <img src={avatarUrl} alt="" loading="lazy" className="person-avatar-img" /> : initials(fullName)}
    </span>
  );
}
