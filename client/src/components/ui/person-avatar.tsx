import { initials } from '@vizinhanca/shared/users/user.types';

/** A person's photo (square, re-encoded on upload) or their initials; decorative next to their name. */
export function PersonAvatar({ fullName, avatarUrl, className }: { fullName: string; avatarUrl: string | null; className: string }) {
  return (
    <span className={className} aria-hidden="true">
      {avatarUrl ? <img src={avatarUrl} alt="" loading="lazy" className="person-avatar-img" /> : initials(fullName)}
    </span>
  );
}

/** The person's photo named for screen readers ('Foto de …'), or their initials, hidden from them (the name follows). */
export function PersonPhoto({ fullName, avatarUrl }: { fullName: string; avatarUrl: string | null }) {
  return (
    <div className="avatar" aria-hidden={avatarUrl ? undefined : true}>
      {avatarUrl ? <img src={avatarUrl} alt={`Foto de ${fullName}`} /> : initials(fullName)}
    </div>
  );
}
