import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { accountState } from '@vizinhanca/shared/users/user.types';
import type { SessionUser } from '../lib/session.ts';

function sessionFingerprint(user: SessionUser | null | undefined): string {
  if (user === undefined) return 'loading';
  if (user === null) return 'anonymous';
  return `${user.id}:${accountState(user)}:${[...user.roles].sort().join(',')}`;
}

/**
 * When who is signed in, their account state or their roles change (logout in
 * another tab, suspension, approval), the current route's guards run again.
 */
export function useRevalidateGuards(user: SessionUser | null | undefined): void {
  const router = useRouter();
  const fingerprint = sessionFingerprint(user);
  const previous = useRef(fingerprint);

  useEffect(() => {
    if (previous.current === fingerprint) return;
    const wasLoading = previous.current === 'loading';
    previous.current = fingerprint;
    if (!wasLoading) void router.invalidate();
  }, [fingerprint, router]);
}
