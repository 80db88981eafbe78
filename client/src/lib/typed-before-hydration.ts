import { HELD_TAP_TARGETS } from '@vizinhanca/shared/first-screen/held-taps';
/**
 * What the person typed into the server's markup, or chose in a select, before React adopted it
 * (docs/decisions/013-first-screen.md). React keeps such a value on screen when it hydrates a
 * field, but the screen's state still holds what the server rendered, so a submit would send an empty field
 * and a list would stay in the order the select no longer shows. Each such field is handed to React as an
 * input event (a select: a change event) once its hydration is committed, so the state (and onChange, masks
 * included) gets it.
 */
type AdoptedField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let adopted: AdoptedField[] = [];

/**
 * The value the server drew: a text field's default; for a select, its option drawn `selected`. A select
 * React rendered itself has no such option (React sets `selected`, not the attribute): null, nothing to hand over.
 */
function drawnValue(field: AdoptedField): string | null {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  return Array.from(field.options).find((option) => option.defaultSelected)?.value ?? null;
}

function replay(field: AdoptedField, chosen: string): void {
  if (field instanceof HTMLSelectElement) {
    // React reads a select's change event without a value tracker; a render meanwhile may have put the state's option back.
    field.value = chosen;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // Through the element's own setter (React's value tracker sees it): React believes the field holds what it rendered...
  field.value = field.defaultValue;
  // ...then the typed value through the prototype's setter (the tracker does not), and the input event React listens to.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, chosen);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replayAdopted(): void {
  // Every value read before any is handed over: React's render after one event puts the state's
  // (still empty) value back into the form's other controlled fields.
  const chosen = adopted.map((field) => [field, field.value, drawnValue(field)] as const);
  adopted = [];
  for (const [field, value, drawn] of chosen) if (field.isConnected && drawn !== null && value !== drawn) replay(field, value);
}

/**
 * A field's ref (components/ui/field.tsx, the search box, the lists' 'Ordenar por'). Called when React
 * commits the field: on a client render React wrote the same value as the default, so nothing happens; on
 * a hydrated one, a value that differs from what the server drew was typed or chosen by the person before
 * the script ran.
 */
export function keepTypedBeforeHydration(field: AdoptedField | null): void {
  if (!field || (field instanceof HTMLInputElement && field.type === 'file')) return;
  const drawn = drawnValue(field);
  if (drawn === null || field.value === drawn) return;
  if (adopted.length === 0) queueMicrotask(replayAdopted);
  adopted.push(field);
}

/** What the page's starter script keeps for the app (server/src/http/start-after-paint.ts). */
interface StarterHandOver {
  vzHeldBeforeStart?: Element[];
  vzStopHolding?: () => void;
}

/**
 * Whether React has adopted this element: the screen's parts hydrate in several passes (each Suspense
 * boundary after the shell), and an element not adopted yet has no handlers. React keeps its props on the
 * element under a `__reactProps$<id>` key; there is no public way to ask.
 */
function adoptedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/**
 * The longest wait for a held element to be adopted: past it, the tap is done anyway (worst case, as before).
 * A phone several times slower than a desktop takes seconds to adopt a part that waits for its code.
 */
export const ADOPTION_WAIT_MS = 10_000;
/** The longest a held form is sent again until the app takes it (see submitOnceTaken); past it, it is dropped. */
export const SUBMIT_WAIT_MS = 10_000;
/** Between two tries of a held form. */
export const SUBMIT_RETRY_MS = 16;

/**
 * A form sent before the app ran, sent again until the app takes it: as a `submit` event of our own, which
 * has no default action, rather than `requestSubmit()`, whose default is the browser's submission (the page
 * reloaded with nothing typed, what holding it was for). React may have rendered a form (its props are on
 * the element) without having committed the part of the screen it is in, for example while a sibling waits
 * for its code; an event on it then is stopped by React, not handled, and `requestSubmit()` reloaded the page
 * (seen in the first-screen walk on a loaded machine). Every form of the app calls `preventDefault()` in its
 * submit handler, so a prevented event is one the app took; one that is not is tried again shortly, until
 * `SUBMIT_WAIT_MS` have passed, then dropped: what was typed stays on screen to be sent again.
 */
export function submitOnceTaken(form: EventTarget & { readonly isConnected: boolean }, done: () => void, startedAt = Date.now()): void {
  if (!form.isConnected) return done();
  const event = typeof SubmitEvent === 'function' ? new SubmitEvent('submit', { bubbles: true, cancelable: true }) : new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  if (event.defaultPrevented || Date.now() - startedAt >= SUBMIT_WAIT_MS) return done();
  setTimeout(() => submitOnceTaken(form, done, startedAt), SUBMIT_RETRY_MS);
}

/**
 * The form a held element sends: itself, or the form of a submit button (a tap on it sends its form; no
 * submit button of the app has a click handler of its own). Null for any other button.
 */
function formSentBy(target: Element): HTMLFormElement | null {
  if (target instanceof HTMLFormElement) return target;
  if (target instanceof HTMLButtonElement && target.type === 'submit') return target.form;
  return null;
}

/**
 * A held tap's element, and what finds the element React drew in its place. React drops the server's markup
 * of a part it has not adopted when an update reaches that part first, and draws the part itself once its
 * code is there (on a slow phone, 'Denunciar' on a listing's page was gone for 0.7 s): the tap belongs to the
 * new element. A form is not looked for again: what was typed in it went with it.
 */
interface HeldTarget {
  element: Element;
  /** Its text, null for a form; and how many alike elements (same tag and text) come before it on the page. */
  text: string | null;
  nth: number;
}

/** The page's elements a tap is held for with this element's tag and this text, in document order. */
function elementsLike(element: Element, text: string): Element[] {
  return Array.from(document.querySelectorAll(HELD_TAP_TARGETS)).filter((other) => other.tagName === element.tagName && other.textContent?.trim() === text);
}

function heldTargetOf(element: Element): HeldTarget {
  if (element instanceof HTMLFormElement) return { element, text: null, nth: 0 };
  const text = element.textContent?.trim() ?? '';
  return { element, text, nth: Math.max(0, elementsLike(element, text).indexOf(element)) };
}

/** The held element while it is on the page; once it has left, the one drawn in its place (null until there is one). */
function currentElement({ element, text, nth }: HeldTarget): Element | null {
  if (element.isConnected) return element;
  return text === null ? null : (elementsLike(element, text)[nth] ?? null);
}

/** Held taps and forms not done yet, in the order they came. */
const queue: HeldTarget[] = [];
let replaying = false;

/** Each held element in turn, once React has adopted it (or the wait is over), then one task more. */
function replayNext(waitedSince = Date.now()): void {
  const held = queue[0];
  if (!held) {
    replaying = false;
    return;
  }
  replaying = true;
  const target = currentElement(held);
  const adopted = target !== null && adoptedByReact(target);
  // Not adopted yet, or gone and maybe being drawn again: wait (a form that left the page is not waited for).
  if (!adopted && (target !== null || held.text !== null) && Date.now() - waitedSince < ADOPTION_WAIT_MS) {
    setTimeout(() => replayNext(waitedSince), 16);
    return;
  }
  queue.shift();
  const doneWithTarget = () => replayNext();
  setTimeout(() => {
    const element = target ?? held.element;
    const form = formSentBy(element);
    if (form) return submitOnceTaken(form, doneWithTarget);
    if (element.isConnected && element instanceof HTMLElement) element.click();
    doneWithTarget();
  }, 0);
}

function hold(target: Element): void {
  queue.push(heldTargetOf(target));
  if (!replaying) replayNext();
}

/**
 * After the app started, the parts of the screen React adopts later (a Suspense boundary whose code is
 * still on its way) are still only markup, and React drops a tap on them. Such a tap on a button or an app
 * link (one carrying history state), or a form sent there, joins the held ones; a switch or radio button there stays as drawn (as the starter does).
 * Only the person's own events: the held ones done again here are the page's (not trusted) and pass.
 */
function holdWhatReactHasNot(event: Event): void {
  if (!event.isTrusted || !(event.target instanceof Element)) return;
  const target = event.type === 'submit' ? event.target : event.target.closest(HELD_TAP_TARGETS);
  if (!target || adoptedByReact(target)) return;
  event.preventDefault();
  event.stopPropagation();
  if (target.tagName !== 'INPUT') hold(target);
}

let listening = false;

/**
 * Taps on buttons and forms sent on the server's markup before the app ran, held by the page's starter
 * script: done again, in order, once the app owns the page; from then on, taps and forms on parts React
 * has not adopted yet are held here the same way. Each waits until React has adopted its element,
 * then one task more (the typed values above reach the state in a microtask of that commit), so the handler
 * sees what the person typed; each sees the state the previous one left. A form, or a submit button's form,
 * is sent until the app takes it (submitOnceTaken).
 */
export function replayHeldBeforeStart(): void {
  const page = window as StarterHandOver;
  page.vzStopHolding?.();
  if (!listening && typeof addEventListener === 'function') {
    listening = true;
    addEventListener('click', holdWhatReactHasNot, true);
    addEventListener('submit', holdWhatReactHasNot, true);
  }
  for (const target of page.vzHeldBeforeStart?.splice(0) ?? []) hold(target);
}
