import { LaterPage } from './later-page.tsx';

export default function VideoSettingsPage() {
  return <LaterPage title="Video Settings" />;
}
