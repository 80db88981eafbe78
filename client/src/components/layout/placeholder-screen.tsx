import { AppScreen } from './app-screen.tsx';
import { PageHeader } from './page-header.tsx';

/** A screen whose content arrives in a later release: only its header and the navigation. */
export function PlaceholderScreen({ title, backTo }: { title: string; backTo: string }) {
  return <AppScreen header={<PageHeader title={title} backTo={backTo} />} />;
}
