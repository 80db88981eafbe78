/**
 * What the person typed into the server's markup before React adopted it (docs/decisions/013-first-screen.md,
 * fifth pass). React keeps such a value on screen when it hydrates an input, but the screen's state still
 * holds what the server rendered, so a submit would send an empty field. Each such field is handed to React
 * as an input event once its hydration is committed, so the state (and onChange, masks included) gets it.
 */
let adopted: (HTMLInputElement | HTMLTextAreaElement)[] = [];

function replay(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  // Through the element's own setter (React's value tracker sees it): React believes the field holds what it rendered...
  field.value = field.defaultValue;
  // ...then the typed value through the prototype's setter (the tracker does not), and the input event React listens to.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replayAdopted(): void {
  // Every value read before any is handed over: React's render after one input event puts the state's
  // (still empty) value back into the form's other controlled fields.
  const typed = adopted.map((field) => [field, field.value] as const);
  adopted = [];
  for (const [field, value] of typed) if (field.isConnected && value !== field.defaultValue) replay(field, value);
}

/**
 * A text field's ref (components/ui/field.tsx). Called when React commits the field: on a client render
 * React wrote the same value as the default, so nothing happens; on a hydrated one, a value that differs
 * from what the server rendered (the default) was typed by the person before the script ran.
 */
export function keepTypedBeforeHydration(field: HTMLInputElement | HTMLTextAreaElement | null): void {
  if (!field || field.value === field.defaultValue || field.type === 'file') return;
  if (adopted.length === 0) queueMicrotask(replayAdopted);
  adopted.push(field);
}
