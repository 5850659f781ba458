import { LaterPage } from './later-page.tsx';

export default function BannersPage() {
  return <LaterPage title="Banner Settings" />;
}
