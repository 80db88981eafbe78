interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Zod issues -> { field: first message }, the same shape the server sends in error.data.fieldErrors. */
export function issuesToFieldErrors(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
