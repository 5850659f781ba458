import { LaterPage } from './later-page.tsx';

export default function SiteSettingsPage() {
  return <LaterPage title="Site Settings" />;
}
