/** bench.ts's routes section: the app's routes, the image goals and the registration goals. */
import {
  cameraLikePhoto,
  fetchBytes,
  PHOTO_HEIGHT,
  PHOTO_QUALITY,
  PHOTO_WIDTH,
  signInAsAdmin,
  srcsetEntry,
  startUploadBurst,
  type Burst,
  uploadImage,
} from './uploads.ts';
import {
  ARTWORK_MAX_PX,
  openCompetitionForm,
  PHOTO_MAX_PX,
  register,
  registrationImages,
  startRegistrationBurst,
} from './registrations.ts';
import { firstCompetitionId } from './server.ts';
import { log, measure } from './bench-measure.ts';
import { type BenchRun, kb, met, round } from './bench-report.ts';
import { entryJsFile } from './bench-servers.ts';

/** One measured route of the app. `{entryJs}` in a path is the built entry chunk's file name,
 * `{competitionId}` the first listed competition's id. */
interface BenchRoute {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

/** The app's routes, measured in this order. Later issues append entries. */
const ROUTES: BenchRoute[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/settings', path: '/api/settings' },
  { name: 'GET /api/competitions', path: '/api/competitions' },
  { name: 'GET /api/competitions/:id', path: '/api/competitions/{competitionId}' },
  { name: 'GET /api/competitions?q=', path: '/api/competitions?q=monsoon' },
  { name: 'GET /', path: '/' },
  { name: 'GET /competition/:id', path: '/competition/{competitionId}' },
  {
    name: 'GET /assets/[entry].js (br)',
    path: '/{entryJs}',
    headers: { 'accept-encoding': 'br' },
  },
];

/** The image goals: the 800 px display image, and the API during an upload burst. */
const DISPLAY_WIDTH = 800;
const DISPLAY_MAX_BYTES = 60_000;
const DISPLAY_MAX_RATIO = 0.1;
const BURST_ROUTE = '/api/competitions';
const BURST_UPLOADS_IN_FLIGHT = 4;
const BURST_MAX_P99_RATIO = 2;
/** Registrations with an 800 px photo and a 2560 px artwork kept in flight. */
const REGISTRATIONS_IN_FLIGHT = 4;

/** The app as started by bench.ts for its first section that needs it. */
export interface StartedApp {
  base: string;
  env: NodeJS.ProcessEnv;
  clientDir: string;
}

/** The app's ROUTES, then 3. the image goals and 4. the registration goals. */
export async function benchRoutes(run: BenchRun, app: StartedApp): Promise<void> {
  const { duration, ceiling, print, emit, pinned } = run;
  const { base, env, clientDir } = app;

  // The build the server serves: its own copy, which no later rebuild renames.
  const placeholders: Record<string, string> = {
    entryJs: entryJsFile(clientDir),
    competitionId: await firstCompetitionId(base),
  };
  for (const route of ROUTES) {
    const routePath = route.path.replace(/\{(\w+)\}/g, (match, key: string) => {
      const value = placeholders[key];
      if (value === undefined) throw new Error(`Unknown placeholder ${match} in ${route.name}`);
      return value;
    });
    emit(await measure(route.name, `${base}${routePath}`, duration, route.headers), ceiling);
  }

  // 3. The image goals: one upload of a camera-like photo, then the API during a burst.
  log(`making a ${PHOTO_WIDTH}×${PHOTO_HEIGHT} camera-like JPEG (quality ${PHOTO_QUALITY})`);
  const photo = await cameraLikePhoto();
  const cookie = await signInAsAdmin(base, env.ADMIN_PASSWORD as string);

  const uploadRoute = `POST /api/admin/uploads/images (${DISPLAY_WIDTH} px WebP)`;
  log(`${uploadRoute}: ${kb(photo.length)} original`);
  const upload = await uploadImage(base, cookie, photo);
  const webpUrl =
    typeof upload.body === 'string' ? undefined : srcsetEntry(upload.body.srcset, DISPLAY_WIDTH);
  if (typeof upload.body === 'string' || upload.status !== 201 || !webpUrl) {
    run.failed = true;
    log(`  FAILED: answered ${upload.status} ${JSON.stringify(upload.body).slice(0, 300)}`);
  } else {
    const webpBytes = (await fetchBytes(`${base}${webpUrl}`)).length;
    const fallbackBytes = (await fetchBytes(`${base}${upload.body.url}`)).length;
    const ratio = webpBytes / photo.length;
    const withinGoals = webpBytes <= DISPLAY_MAX_BYTES && ratio <= DISPLAY_MAX_RATIO;
    log(
      `  ${DISPLAY_WIDTH} px WebP ${kb(webpBytes)} = ${round(ratio * 100, 2)} % of the original, ` +
        `fallback JPEG (${upload.body.width} px) ${kb(fallbackBytes)}, upload ${Math.round(upload.ms)} ms; ` +
        `goal ≤ ${kb(DISPLAY_MAX_BYTES)} and ≤ ${DISPLAY_MAX_RATIO * 100} %: ${met(withinGoals)}`,
    );
    print(
      JSON.stringify({
        route: uploadRoute,
        originalBytes: photo.length,
        originalSize: `${PHOTO_WIDTH}x${PHOTO_HEIGHT}`,
        displayWebpBytes: webpBytes,
        ratioToOriginal: round(ratio, 4),
        fallbackJpegBytes: fallbackBytes,
        fallbackWidth: upload.body.width,
        uploadMs: Math.round(upload.ms),
        goalMaxBytes: DISPLAY_MAX_BYTES,
        goalMaxRatio: DISPLAY_MAX_RATIO,
        withinGoals,
        pinned,
      }),
    );
  }

  /**
   * The same API route idle and then with `what` always in flight, measured back to back: its
   * p99 under that load against idle (goal: at most BURST_MAX_P99_RATIO times).
   */
  const compareDuringBurst = async (what: string, inFlight: number, start: () => Burst) => {
    const burstUrl = `${base}${BURST_ROUTE}`;
    const idle = await measure(`GET ${BURST_ROUTE} (idle)`, burstUrl, duration);
    emit(idle, ceiling);
    log(`keeping ${inFlight} ${what} in flight`);
    run.burst = start();
    const busy = await measure(`GET ${BURST_ROUTE} (${what} in flight)`, burstUrl, duration);
    const answered = await run.burst.stop();
    run.burst = undefined;
    const p99Ratio =
      idle.result.latency.p99 > 0 ? busy.result.latency.p99 / idle.result.latency.p99 : null;
    const withinGoal = p99Ratio !== null && p99Ratio <= BURST_MAX_P99_RATIO;
    const perSecond = answered.done / duration;
    log(
      `  p99 ${idle.result.latency.p99} ms idle, ${busy.result.latency.p99} ms with ${what} ` +
        `(${p99Ratio === null ? '?' : round(p99Ratio, 2)}×); ${answered.done} ${what} answered ` +
        `(${round(perSecond, 2)}/s, ${Math.round(answered.averageMs)} ms each on average); ` +
        `goal ≤ ${BURST_MAX_P99_RATIO}×: ${met(withinGoal)}`,
    );
    emit(busy, ceiling, {
      inFlight,
      done: answered.done,
      perSecond: round(perSecond, 2),
      failures: answered.failures.length,
      averageMs: Math.round(answered.averageMs),
      idleP99Ms: round(idle.result.latency.p99, 2),
      p99RatioToIdle: p99Ratio === null ? null : round(p99Ratio, 2),
      goalMaxP99Ratio: BURST_MAX_P99_RATIO,
      withinGoal,
    });
    if (answered.failures.length > 0) {
      run.failed = true;
      log(`  FAILED: ${answered.failures.length} ${what} failed, first: ${answered.failures[0]}`);
    }
  };

  await compareDuringBurst('uploads', BURST_UPLOADS_IN_FLIGHT, () =>
    startUploadBurst(base, cookie, photo, BURST_UPLOADS_IN_FLIGHT),
  );

  // 4. Registrations with the two images a phone sends, one then a steady stream.
  const images = await registrationImages(photo);
  const target = await openCompetitionForm(base);
  const registrationRoute =
    `POST /api/submissions (${PHOTO_MAX_PX} px photo ${kb(images.photo.length)}, ` +
    `${ARTWORK_MAX_PX} px artwork ${kb(images.artwork.length)})`;
  const first = await register(base, target, images);
  log(`${registrationRoute}: ${first.status} in ${Math.round(first.ms)} ms`);
  if (first.status !== 201) {
    run.failed = true;
    log(`  FAILED: answered ${first.status} ${first.body.slice(0, 300)}`);
  } else {
    await compareDuringBurst('registrations', REGISTRATIONS_IN_FLIGHT, () =>
      startRegistrationBurst(base, target, images, REGISTRATIONS_IN_FLIGHT),
    );
  }
}
