import { LaterPage } from './later-page.tsx';

export default function CategoriesPage() {
  return <LaterPage title="Categories" />;
}
