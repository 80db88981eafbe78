/** The attribute of a link that only the app follows fully: it carries history state (the inbox's "opened from here"). */
export const APP_LINK_ATTRIBUTE = 'data-app-link';

/**
 * What a tap on a drawn page is held for until React has adopted it (server/src/http/start-after-paint.ts
 * before the app runs, client/src/lib/typed-before-hydration.ts after): buttons, switches and radio buttons
 * (refused rather than held), and links whose history state the browser alone would lose.
 */
export const HELD_TAP_TARGETS = `button, input[type=checkbox], input[type=radio], a[${APP_LINK_ATTRIBUTE}]`;
