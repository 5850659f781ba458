import { type ComponentProps, useEffect, useState } from 'react';
import type { WorkViewer as Viewer } from './work-viewer.tsx';

let viewer: Promise<typeof Viewer> | undefined;
/**
 * The viewer's chunk, asked for once (when a way to open it is first reached, or it opens), and
 * asked again after a failed download.
 */
function loadWorkViewer(): Promise<typeof Viewer> {
  viewer ??= import('./work-viewer.tsx').then(
    (module) => module.WorkViewer,
    (error: unknown) => {
      viewer = undefined;
      throw error;
    },
  );
  return viewer;
}

/** For a button's pointer, finger or focus: the viewer is likely wanted next. */
export const preloadWorkViewer = () => void loadWorkViewer().catch(() => undefined);

/**
 * The full-screen viewer, drawn only from the first time it opens: neither the server's page nor
 * its hydration carries it, and a page whose viewer is never opened never downloads it. Once
 * drawn it stays, so closing it (and focus going back) runs through the viewer itself. A download
 * that fails closes it again, so the next press tries again.
 */
export function LazyWorkViewer(props: ComponentProps<typeof Viewer>) {
  const [Loaded, setLoaded] = useState<typeof Viewer | null>(null);
  const wanted = props.index !== null;
  const { onClose } = props;
  useEffect(() => {
    if (!wanted || Loaded) return;
    let live = true;
    loadWorkViewer().then(
      (loaded) => live && setLoaded(() => loaded),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [wanted, Loaded, onClose]);
  return Loaded ? <Loaded {...props} /> : null;
}
