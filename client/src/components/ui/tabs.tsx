import type { KeyboardEvent, ReactNode } from 'react';

interface TabItem<T extends string> {
  value: T;
  label: string;
}

interface TabsProps<T extends string> {
  idPrefix: string;
  label: string;
  value: T;
  items: readonly TabItem<T>[];
  onChange: (value: T) => void;
}

/**
 * The WAI-ARIA tabs pattern's keys on a tablist: arrows move to the next or previous tab
 * (wrapping), Home and End to the first and last. The tab to select and focus, or undefined
 * for any other key (left to the browser).
 */
export function tabForKey<T>(event: KeyboardEvent, tabs: readonly T[], selectedIndex: number): T | undefined {
  let next: number;
  if (event.key === 'ArrowRight') next = (selectedIndex + 1) % tabs.length;
  else if (event.key === 'ArrowLeft') next = (selectedIndex - 1 + tabs.length) % tabs.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = tabs.length - 1;
  else return undefined;
  event.preventDefault();
  return tabs[next];
}

/**
 * One tab's button attributes (WAI-ARIA tabs pattern): the panel it controls, whether it is
 * selected, and the roving tab stop (only the selected tab is reached with Tab; arrows move on).
 */
export function tabAttributes(id: string, panelId: string, selected: boolean) {
  return { type: 'button', role: 'tab', id, 'aria-selected': selected, 'aria-controls': panelId, tabIndex: selected ? 0 : -1 } as const;
}

/** Accessible tabs (WAI-ARIA tabs pattern: arrow keys move between tabs). */
export function Tabs<T extends string>({ idPrefix, label, value, items, onChange }: TabsProps<T>) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = tabForKey(event, items, items.findIndex((item) => item.value === value));
    if (!target) return;
    onChange(target.value);
    document.getElementById(`${idPrefix}-tab-${target.value}`)?.focus();
  }

  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            {...tabAttributes(`${idPrefix}-tab-${item.value}`, `${idPrefix}-panel-${item.value}`, selected)}
            className={`tab${selected ? ' tab-active' : ''}`}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, value, children }: { idPrefix: string; value: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${value}`} aria-labelledby={`${idPrefix}-tab-${value}`} className="tab-panel">
      {children}
    </div>
  );
}
