import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onPageInteractive } from '../../../lib/page-interactive.ts';
import { stubReducedMotion } from './browser-stubs.ts';
import {
  createParticles,
  drawParticles,
  linkedPairs,
  type Particle,
  PARTICLE_CANVAS_OPACITY,
  PARTICLE_COUNT,
  PARTICLE_LINK_DISTANCE_PX,
  PARTICLE_MAX_SPEED,
  PARTICLE_RADIUS_PX,
  ParticleCanvas,
  type ParticleDrawingContext,
  stepParticles,
} from './particle-canvas.tsx';

const particle = (x: number, y: number, vx = 0, vy = 0): Particle => ({ x, y, vx, vy });

/** A 2D context that records what was drawn. */
function recordingContext() {
  const drawn = { dots: [] as [number, number, number][], lines: [] as string[], clears: 0 };
  const context = {
    fillStyle: '' as unknown,
    strokeStyle: '' as unknown,
    lineWidth: 0,
    clearRect: () => void drawn.clears++,
    beginPath: () => {},
    arc: (x: number, y: number, radius: number) => void drawn.dots.push([x, y, radius]),
    fill: () => {},
    moveTo: () => {},
    lineTo: () => {},
    stroke: () => void drawn.lines.push(String(context.strokeStyle)),
    setTransform: vi.fn(),
  };
  return { context, drawn };
}

describe('particle maths', () => {
  it('seeds the numbers', () => {
    expect(PARTICLE_COUNT).toBe(20);
    expect(PARTICLE_LINK_DISTANCE_PX).toBe(150);
    expect(PARTICLE_CANVAS_OPACITY).toBe(0.3);
    expect(PARTICLE_RADIUS_PX).toBe(2);
    expect(PARTICLE_MAX_SPEED).toBe(1.5);
  });

  it('creates particles inside the box, moving at most 1.5 px per frame each way', () => {
    expect(createParticles(3, 400, 200, () => 0)).toEqual([
      particle(0, 0, -1.5, -1.5),
      particle(0, 0, -1.5, -1.5),
      particle(0, 0, -1.5, -1.5),
    ]);
    const values = [0.5, 0.25, 0.999, 0.5];
    let i = 0;
    const [p] = createParticles(1, 400, 200, () => values[i++] ?? 0);
    expect(p?.x).toBe(200);
    expect(p?.y).toBe(50);
    expect(p?.vx).toBeCloseTo(1.497);
    expect(p?.vy).toBe(0);
    for (const q of createParticles(PARTICLE_COUNT, 400, 200)) {
      expect(q.x).toBeGreaterThanOrEqual(0);
      expect(q.x).toBeLessThan(400);
      expect(q.y).toBeLessThan(200);
      expect(Math.abs(q.vx)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(q.vy)).toBeLessThanOrEqual(1.5);
    }
    expect(createParticles(PARTICLE_COUNT, 400, 200)).toHaveLength(20);
  });

  it('moves particles and bounces them off every edge, without changing the input', () => {
    const before = [
      particle(10, 10, 1, -0.5),
      particle(0.5, 50, -1.5, 0),
      particle(99, 50, 1.5, 0),
      particle(50, 49.5, 0, 1),
    ];
    expect(stepParticles(before, 100, 50)).toEqual([
      particle(11, 9.5, 1, -0.5),
      particle(1, 50, 1.5, 0),
      particle(99.5, 50, -1.5, 0),
      particle(50, 49.5, 0, -1),
    ]);
    expect(before[0]).toEqual(particle(10, 10, 1, -0.5));
    expect(stepParticles([particle(5, 0.2, 0, -1)], 100, 50)).toEqual([particle(5, 0.8, 0, 1)]);
  });

  it('links each pair closer than 150 px once, fading with distance', () => {
    const links = linkedPairs([
      particle(0, 0),
      particle(90, 119),
      particle(0, 149.9),
      particle(0, 300.1),
    ]);
    expect(links.map(({ a, b }) => [a, b])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(links[1]?.alpha).toBeCloseTo(0.1 / 150);
    expect(linkedPairs([particle(0, 0), particle(0, 150)])).toEqual([]);
    expect(linkedPairs([particle(0, 0), particle(0, 75)])).toEqual([{ a: 0, b: 1, alpha: 0.5 }]);
    expect(linkedPairs([particle(0, 0), particle(0, 0)])[0]?.alpha).toBe(1);
  });

  it('draws white dots and white lines whose alpha is the link strength', () => {
    const { context, drawn } = recordingContext();
    drawParticles(
      context satisfies ParticleDrawingContext,
      [particle(0, 0), particle(0, 75), particle(300, 300)],
      400,
      400,
    );
    expect(drawn.clears).toBe(1);
    expect(drawn.dots).toEqual([
      [0, 0, 2],
      [0, 75, 2],
      [300, 300, 2],
    ]);
    expect(drawn.lines).toEqual(['rgba(255, 255, 255, 0.500)']);
    expect(context.fillStyle).toBe('#ffffff');
  });
});

/** Animation frames the test runs one at a time. */
function manualAnimationFrames() {
  const callbacks = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callbacks.set(nextId, callback);
    return nextId++;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void callbacks.delete(id));
  return {
    pending: () => callbacks.size,
    runFrame() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback(performance.now());
    },
  };
}

function parentBox(width: number, height: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height,
  } as DOMRect);
}

function renderInBox(Canvas = ParticleCanvas) {
  return render(
    <div className="relative">
      <Canvas />
    </div>,
  );
}

/** The component as a fresh page load has it: the page not interactive yet. */
async function freshParticleCanvas() {
  vi.resetModules();
  return (await import('./particle-canvas.tsx')).ParticleCanvas;
}

/** Idle callbacks the test runs when it chooses; by default at once, as an idle browser would. */
function idleCallbacks({ runAtOnce }: { runAtOnce: boolean }) {
  const waiting: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    if (runAtOnce) callback({ didTimeout: false, timeRemaining: () => 50 });
    else waiting.push(callback);
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return {
    runIdle: () => {
      for (const callback of waiting.splice(0))
        callback({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}

describe('ParticleCanvas', () => {
  // Renders after the page became interactive, but for the tests of a fresh page load.
  beforeAll(() => new Promise<void>((resolve) => onPageInteractive(resolve)));
  beforeEach(() => {
    stubReducedMotion(false);
    idleCallbacks({ runAtOnce: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts only once the browser is idle, after the first screen', async () => {
    const { context } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const { runIdle } = idleCallbacks({ runAtOnce: false });
    const frames = manualAnimationFrames();
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    parentBox(300, 200);
    const { container } = renderInBox(await freshParticleCanvas());
    expect(container.querySelector('canvas')).toBeNull();
    expect(frames.pending()).toBe(0);
    // Nothing measured the page (a forced layout) while it started.
    expect(measure).not.toHaveBeenCalled();
    act(() => runIdle());
    expect(container.querySelector('canvas')).not.toBeNull();
    expect(frames.pending()).toBe(1);
  });

  it('never starts for visitors who ask to save data', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const { runIdle } = idleCallbacks({ runAtOnce: false });
    const { container } = renderInBox(await freshParticleCanvas());
    act(() => runIdle());
    expect(container.querySelector('canvas')).toBeNull();
    expect(getContext).not.toHaveBeenCalled();
  });

  it('is a decorative canvas covering its parent, at the seed opacity', () => {
    const { container } = renderInBox();
    const canvas = container.querySelector('canvas');
    expect(canvas?.getAttribute('aria-hidden')).toBe('true');
    expect(canvas?.className).toBe('pointer-events-none absolute inset-0 h-full w-full opacity-30');
    expect(canvas?.classList.contains(`opacity-${PARTICLE_CANVAS_OPACITY * 100}`)).toBe(true);
  });

  it('stays blank, without failing, where there is no 2D context', () => {
    const frames = manualAnimationFrames();
    const { container } = renderInBox();
    expect(container.querySelector('canvas')).not.toBeNull();
    expect(frames.pending()).toBe(0);
  });

  it('renders nothing for visitors who ask for reduced motion', () => {
    stubReducedMotion(true);
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    const { container } = renderInBox();
    expect(container.querySelector('canvas')).toBeNull();
    expect(getContext).not.toHaveBeenCalled();
  });

  it('animates at the size of its parent in device pixels, regenerating on resize', () => {
    const { context, drawn } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(2);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const frames = manualAnimationFrames();
    parentBox(300, 200);
    const { container } = renderInBox();
    const canvas = container.querySelector('canvas');
    expect([canvas?.width, canvas?.height]).toEqual([600, 400]);
    expect(context.setTransform).toHaveBeenLastCalledWith(2, 0, 0, 2, 0, 0);

    frames.runFrame();
    expect(drawn.dots).toHaveLength(PARTICLE_COUNT);
    expect(drawn.dots[0]).toEqual([150, 100, 2]);

    parentBox(1000, 800);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect([canvas?.width, canvas?.height]).toEqual([2000, 1600]);
    drawn.dots.length = 0;
    frames.runFrame();
    expect(drawn.dots[0]).toEqual([500, 400, 2]);
    expect(frames.pending()).toBe(1);
  });

  it('stops while the tab is hidden and resumes when it is shown again', () => {
    const { context, drawn } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const frames = manualAnimationFrames();
    parentBox(300, 200);
    renderInBox();
    frames.runFrame();
    expect(drawn.clears).toBe(1);

    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(frames.pending()).toBe(0);
    frames.runFrame();
    expect(drawn.clears).toBe(1);

    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(frames.pending()).toBe(1);
    frames.runFrame();
    expect(drawn.clears).toBe(2);
  });

  it('cleans up its frame and listeners on unmount', () => {
    const { context } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const frames = manualAnimationFrames();
    const removeWindow = vi.spyOn(window, 'removeEventListener');
    const removeDocument = vi.spyOn(document, 'removeEventListener');
    parentBox(300, 200);
    const { unmount } = renderInBox();
    expect(frames.pending()).toBe(1);
    unmount();
    expect(frames.pending()).toBe(0);
    expect(removeWindow).toHaveBeenCalledWith('resize', expect.any(Function));
    expect(removeDocument).toHaveBeenCalledWith('visibilitychange', expect.any(Function));
    // Neither a shown tab nor a resize starts it again.
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('resize'));
    expect(frames.pending()).toBe(0);
  });
});
