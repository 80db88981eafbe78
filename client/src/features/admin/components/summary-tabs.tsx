import type { ComponentType, KeyboardEvent } from 'react';
import { tabAttributes, tabForKey } from '../../../components/ui/tabs.tsx';

import type { AdminSection } from '../admin-inputs.ts';

export type { AdminSection } from '../admin-inputs.ts';

/** Sections only administrators see: people and billing (decisions.md). */
export const ADMIN_ONLY_SECTIONS: readonly AdminSection[] = ['usuarios', 'anunciantes', 'cobrancas'];

export interface SummaryTab {
  section: AdminSection;
  label: string;
  value: string;
  detail: string;
  tone: 'warning' | 'brand' | 'purple';
  Icon: ComponentType;
}

interface SummaryTabsProps {
  tabs: readonly SummaryTab[];
  value: AdminSection;
  onChange: (section: AdminSection) => void;
}

export const sectionTabId = (section: AdminSection) => `admin-tab-${section}`;
export const sectionPanelId = (section: AdminSection) => `admin-panel-${section}`;

/** The summary cards select the section below (docs/product.md §10.17); they behave as tabs (arrow keys). */
export function SummaryTabs({ tabs, value, onChange }: SummaryTabsProps) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = tabForKey(event, tabs, tabs.findIndex((tab) => tab.section === value));
    if (!target) return;
    onChange(target.section);
    document.getElementById(sectionTabId(target.section))?.focus();
  }

  return (
    <div className="summary-tabs" role="tablist" aria-label="Seções do painel" onKeyDown={onKeyDown}>
      {tabs.map(({ section, label, value: count, detail, tone, Icon }) => {
        const selected = section === value;
        return (
          <button
            key={section}
            {...tabAttributes(sectionTabId(section), sectionPanelId(section), selected)}
            className={`summary-tab summary-tab-${tone}${selected ? ' summary-tab-selected' : ''}`}
            onClick={() => onChange(section)}
          >
            <span className="icon-tile summary-tab-icon">
              <Icon />
            </span>
            <span className="summary-tab-label">{label}</span>
            {/* Named by all it shows ('Anúncios 8 visíveis aos vizinhos'): a name that leaves out visible text fails voice control. */}
            <span className="summary-tab-value">{count}</span>
            <span className="summary-tab-detail">{detail}</span>
          </button>
        );
      })}
    </div>
  );
}
