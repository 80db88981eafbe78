import type { Page } from './fixtures.ts';

/**
 * What sticks out at the current width: the page scrolling sideways, an element past either edge
 * of the viewport (the outermost one; inside a sideways scroller is by design), text clipped by
 * its box without an ellipsis (a field scrolls its own text), tabs that do not fit their list,
 * and a placeholder longer than its field.
 */
export function overflowAt(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `<${element.tagName.toLowerCase()}${classes}>${text ? ` '${text}'` : ''}`;
    };
    const hidden = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      const rect = element.getBoundingClientRect();
      // .visually-hidden: a 1 px box clipped away, read by screen readers only.
      return rect.width <= 1 || rect.height <= 1 || style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
    };
    const scrollsSideways = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (scrollsSideways(parent)) return true;
      }
      return false;
    };
    const pastEdge = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.right > width + 0.5 || rect.left < -0.5;
    };

    // Tabs are never a sideways scroller: a tab past the list's edge is cut.
    for (const tabs of Array.from(document.querySelectorAll('[role="tablist"]'))) {
      if (!hidden(tabs) && tabs.scrollWidth > tabs.clientWidth + 1) problems.push(`${describe(tabs)} is cut (${tabs.scrollWidth}px of tabs in ${tabs.clientWidth}px)`);
    }
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (hidden(element) || insideScroller(element)) continue;
      const parent = element.parentElement;
      if (pastEdge(element) && !(parent && parent !== document.body && pastEdge(parent))) {
        const rect = element.getBoundingClientRect();
        problems.push(`${describe(element)} spans ${Math.round(rect.left)}..${Math.round(rect.right)}px`);
      }
      const style = getComputedStyle(element);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
      if (clips && !field && !scrollsSideways(element) && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} is cut (${element.scrollWidth}px of content in ${element.clientWidth}px)`);
      }
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'))) {
      if (hidden(field) || field.value) continue;
      const style = getComputedStyle(field);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = canvas.measureText(field.placeholder).width;
      if (field instanceof HTMLInputElement && needed > room + 1) problems.push(`the placeholder '${field.placeholder}' is cut (${Math.round(needed)}px in ${Math.round(room)}px)`);
    }
    return problems;
  });
}
