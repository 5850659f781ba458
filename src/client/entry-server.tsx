import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app.tsx';
import { serverApiCache } from './lib/api-cache.ts';
import type { InitialData } from './lib/settings.tsx';

/**
 * Renders the page at `url` (path and query) to HTML, with the first data the page also carries,
 * so the browser's first render (hydration) produces the same markup. `prerender` waits for every
 * lazy page and Suspense boundary, so the HTML is complete, not a spinner.
 */
export async function renderApp(
  url: string,
  initial: InitialData,
  onError: (error: unknown) => void,
): Promise<string> {
  const apiCache = serverApiCache(initial.api);
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location={url}>
      <App initial={initial} apiCache={apiCache} />
    </StaticRouter>,
    { onError },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
