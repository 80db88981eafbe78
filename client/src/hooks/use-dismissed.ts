import { useState } from 'react';

function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** A 'do not show again' flag remembered on this device. */
export function useDismissed(key: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => readFlag(key));
  function dismiss() {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Private mode: remembered for this visit only.
    }
    setDismissed(true);
  }
  return [dismissed, dismiss];
}
