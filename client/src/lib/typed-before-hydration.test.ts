import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADOPTION_WAIT_MS, replayHeldBeforeStart, SUBMIT_RETRY_MS, SUBMIT_WAIT_MS, submitOnceTaken } from './typed-before-hydration.ts';

/** Stands for the browser's form element here (no DOM in these tests): `replayHeldBeforeStart` checks for it. */
class FakeForm extends EventTarget {
  isConnected = true;
  browserSubmissions = 0;
  taken = 0;
  ignored = 0;
  /** The browser's submission: the page reloaded with nothing typed, what holding the form was for. */
  requestSubmit(): void {
    this.browserSubmissions += 1;
  }
}

/**
 * A held form on a page whose app takes its submit only from `takenFrom` ms on, as a form React has
 * rendered (its props are on the element) but not committed yet: its submit events reach nobody until then.
 */
function heldForm(takenFrom: number): FakeForm {
  const form = new FakeForm();
  Object.assign(form, { __reactProps$test: { onSubmit: () => {} } });
  form.addEventListener('submit', (event) => {
    if (Date.now() < takenFrom) {
      form.ignored += 1;
      return;
    }
    event.preventDefault();
    form.taken += 1;
  });
  return form;
}

/** The page's `document` as the replay reads it: the elements on it a tap can be held for, in document order. */
function pageOf(elements: object[]): { querySelectorAll(): object[] } {
  return { querySelectorAll: () => elements.filter((element) => (element as { isConnected: boolean }).isConnected) };
}

/**
 * `held` kept by the page's starter, replayed by the app (`replayHeldBeforeStart`) and given the whole
 * wait; `Button` stands for the browser's button element (and any element, for a click).
 */
function replayOnPage(held: object, Button: new () => object): void {
  vi.stubGlobal('HTMLFormElement', FakeForm);
  vi.stubGlobal('HTMLButtonElement', Button);
  vi.stubGlobal('HTMLElement', Button);
  vi.stubGlobal('window', { vzHeldBeforeStart: [held], vzStopHolding: vi.fn() });
  vi.stubGlobal('document', pageOf([held]));
  try {
    replayHeldBeforeStart();
    vi.advanceTimersByTime(SUBMIT_WAIT_MS);
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('a form sent before the app ran', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('is sent again until the app takes it, then once only, never by the browser', () => {
    const form = heldForm(500);
    const done = vi.fn();
    submitOnceTaken(form, done);
    expect(form.ignored).toBe(1);
    vi.advanceTimersByTime(499);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SUBMIT_RETRY_MS);
    expect(form.taken).toBe(1);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SUBMIT_WAIT_MS);
    expect(form).toMatchObject({ taken: 1, browserSubmissions: 0 });
  });

  it('held by the page before the app ran: sent by the app once it takes it, not submitted by the browser', () => {
    const form = heldForm(300);
    replayOnPage(form, class {});
    expect(form).toMatchObject({ taken: 1, browserSubmissions: 0 });
    expect(form.ignored).toBeGreaterThan(0);
  });

  it("a submit button tapped before the app ran: its form is sent until the app takes it, the button not clicked", () => {
    const form = heldForm(300);
    class FakeButton {
      type = 'submit';
      form = form;
      isConnected = true;
      clicks = 0;
      __reactProps$test = { children: 'Entrar' };
      /** A click on a submit button sends its form: by the browser when nobody takes it. */
      click(): void {
        this.clicks += 1;
        form.requestSubmit();
      }
    }
    const button = new FakeButton();
    replayOnPage(button, FakeButton);
    expect(form).toMatchObject({ taken: 1, browserSubmissions: 0 });
    expect(button.clicks).toBe(0);
  });

  it('is taken at once when the app already owns it', () => {
    const form = heldForm(0);
    const done = vi.fn();
    submitOnceTaken(form, done);
    expect(form).toMatchObject({ taken: 1, ignored: 0 });
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('is dropped after the wait when the app never takes it, rather than reloading the page', () => {
    const form = heldForm(Number.POSITIVE_INFINITY);
    const done = vi.fn();
    submitOnceTaken(form, done);
    vi.advanceTimersByTime(SUBMIT_WAIT_MS + SUBMIT_RETRY_MS);
    expect(done).toHaveBeenCalledTimes(1);
    const tries = form.ignored;
    vi.advanceTimersByTime(SUBMIT_WAIT_MS);
    expect(form).toMatchObject({ ignored: tries, taken: 0, browserSubmissions: 0 });
  });

  it('is not sent once it has left the page', () => {
    const form = Object.assign(heldForm(0), { isConnected: false });
    const done = vi.fn();
    submitOnceTaken(form, done);
    expect(form.taken).toBe(0);
    expect(done).toHaveBeenCalledTimes(1);
  });
});

describe('a tap after the app started, on a part of the screen React has not adopted yet', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** A button drawn by the server: React's props land on it when React adopts it. */
  class DrawnButton {
    tagName = 'BUTTON';
    isConnected = true;
    clicks = 0;
    constructor(public textContent = 'Denunciar') {}
    closest(): this {
      return this;
    }
    click(): void {
      this.clicks += 1;
    }
    adopt(): void {
      Object.assign(this, { __reactProps$test: { onClick: () => {} } });
    }
  }

  /** The window's capturing listeners the app installed, by event type: once, when it first started in this file. */
  const listeners = new Map<string, (event: Event) => void>();

  /** The app started on a page (no tap held before). */
  function appStarted(onPage: DrawnButton[] = []): Map<string, (event: Event) => void> {
    vi.stubGlobal('Element', DrawnButton);
    vi.stubGlobal('HTMLElement', DrawnButton);
    vi.stubGlobal('HTMLFormElement', FakeForm);
    vi.stubGlobal('HTMLButtonElement', class {});
    vi.stubGlobal('addEventListener', (type: string, listener: (event: Event) => void) => listeners.set(type, listener));
    vi.stubGlobal('window', { vzHeldBeforeStart: [], vzStopHolding: vi.fn() });
    vi.stubGlobal('document', pageOf(onPage));
    replayHeldBeforeStart();
    return listeners;
  }

  const tapOn = (target: DrawnButton, isTrusted = true) => ({ type: 'click', isTrusted, target, preventDefault: vi.fn(), stopPropagation: vi.fn() });

  it('is held, not dropped, and done once React adopts the button; then taps pass to React', () => {
    const button = new DrawnButton();
    const click = appStarted([button]).get('click')!;
    const tap = tapOn(button);
    click(tap as unknown as Event);
    expect(tap.preventDefault).toHaveBeenCalled();
    expect(tap.stopPropagation).toHaveBeenCalled();
    vi.advanceTimersByTime(ADOPTION_WAIT_MS / 2);
    expect(button.clicks).toBe(0);
    button.adopt();
    vi.advanceTimersByTime(50);
    expect(button.clicks).toBe(1);

    const later = tapOn(button);
    click(later as unknown as Event);
    expect(later.preventDefault).not.toHaveBeenCalled();
    // The page's own click (a held tap done again) is never held.
    const replayed = tapOn(new DrawnButton(), false);
    click(replayed as unknown as Event);
    expect(replayed.preventDefault).not.toHaveBeenCalled();
  });

  it('held on a part React then drew again itself (an update reached it first): done on the button drawn in its place', () => {
    // Two alike buttons and another: the tap is on the second 'Salvar'.
    const page = [new DrawnButton('Salvar'), new DrawnButton('Denunciar'), new DrawnButton('Salvar')];
    const click = appStarted(page).get('click')!;
    const tapped = page[2]!;
    click(tapOn(tapped) as unknown as Event);
    vi.advanceTimersByTime(1000);
    // React drops the server's markup of the part: for a while nothing is in its place...
    for (const button of page) button.isConnected = false;
    vi.advanceTimersByTime(700);
    // ...then draws it itself, already adopted.
    const drawnAgain = [new DrawnButton('Salvar'), new DrawnButton('Denunciar'), new DrawnButton('Salvar')];
    for (const button of drawnAgain) button.adopt();
    page.push(...drawnAgain);
    vi.advanceTimersByTime(50);
    expect(drawnAgain.map((button) => button.clicks)).toEqual([0, 0, 1]);
    expect(tapped.clicks).toBe(0);
  });

  it('held on a button that left the page for good: dropped after the wait, and the next held tap is done', () => {
    const gone = new DrawnButton('Salvar');
    const next = new DrawnButton('Denunciar');
    const click = appStarted([gone, next]).get('click')!;
    click(tapOn(gone) as unknown as Event);
    click(tapOn(next) as unknown as Event);
    gone.isConnected = false;
    next.adopt();
    vi.advanceTimersByTime(ADOPTION_WAIT_MS - 100);
    expect(next.clicks).toBe(0);
    vi.advanceTimersByTime(200);
    expect(gone.clicks).toBe(0);
    expect(next.clicks).toBe(1);
  });
});

describe("the app's forms", () => {
  /** Every .tsx file of the client's sources. */
  function componentFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return componentFiles(full);
      return entry.name.endsWith('.tsx') ? [full] : [];
    });
  }

  it("each prevents the browser's submission in its submit handler, which is how a held form knows the app took it", () => {
    const sources = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const withForms = componentFiles(sources).filter((file) => /<form[\s>]/.test(readFileSync(file, 'utf8')));
    expect(withForms.length).toBeGreaterThan(10);
    const without = withForms.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return !/<form[^>]*\sonSubmit=/.test(text) || !/\.preventDefault\(\)/.test(text);
    });
    expect(without.map((file) => path.relative(sources, file))).toEqual([]);
  });
});
