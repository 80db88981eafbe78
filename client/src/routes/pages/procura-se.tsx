// The 'Procura-se' screens in one chunk: the route table every page downloads imports it once.
export { WantedListScreen } from '../../features/wanted/components/wanted-list-screen.tsx';
export { WantedDetailScreen } from '../../features/wanted/components/wanted-detail-screen.tsx';
