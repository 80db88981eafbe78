import AxeBuilder from '@axe-core/playwright';
import type { Page } from './fixtures.ts';

/**
 * axe-core for a page of the app, every rule, only the violations reported. The app has no
 * frames, so axe runs in the page itself (legacy mode): the default opens a blank page per
 * check to merge the frames' results, which doubled every check's time in the walks.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}
