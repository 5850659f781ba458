import { useEffect, useRef } from 'react';
import { useDecorativeMotion } from '../../../lib/page-interactive.ts';

/** Seed: 20 particles, joined when closer than 150 px, the canvas at 30 % opacity. */
export const PARTICLE_COUNT = 20;
export const PARTICLE_LINK_DISTANCE_PX = 150;
/** Mirrors the canvas's `opacity-30` class (a test keeps the two in step). */
export const PARTICLE_CANVAS_OPACITY = 0.3;
export const PARTICLE_RADIUS_PX = 2;
/** Pixels per frame, per axis, either way. */
export const PARTICLE_MAX_SPEED = 1.5;

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/** A link between particles `a` and `b`, more transparent the further apart they are. */
export interface ParticleLink {
  a: number;
  b: number;
  alpha: number;
}

/** What drawing needs of a 2D context; small enough for tests to fake. */
export type ParticleDrawingContext = Pick<
  CanvasRenderingContext2D,
  'clearRect' | 'beginPath' | 'arc' | 'fill' | 'moveTo' | 'lineTo' | 'stroke'
> & { fillStyle: unknown; strokeStyle: unknown; lineWidth: number };

/** `random` returns numbers in [0, 1), like Math.random, which it defaults to. */
export function createParticles(
  count: number,
  width: number,
  height: number,
  random: () => number = Math.random,
): Particle[] {
  const velocity = () => (random() * 2 - 1) * PARTICLE_MAX_SPEED;
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    vx: velocity(),
    vy: velocity(),
  }));
}

/** One axis of one frame: move, and bounce off an edge by mirroring the overshoot. */
function bounce(position: number, velocity: number, size: number): [number, number] {
  const next = position + velocity;
  if (next < 0) return [Math.min(-next, size), -velocity];
  if (next > size) return [Math.max(2 * size - next, 0), -velocity];
  return [next, velocity];
}

/** The particles one frame later. */
export function stepParticles(
  particles: readonly Particle[],
  width: number,
  height: number,
): Particle[] {
  return particles.map((p): Particle => {
    const [x, vx] = bounce(p.x, p.vx, width);
    const [y, vy] = bounce(p.y, p.vy, height);
    return { x, y, vx, vy };
  });
}

/** Every pair closer than `maxDistance`, each once, with its line's alpha (1 touching, 0 at max). */
export function linkedPairs(
  particles: readonly Particle[],
  maxDistance: number = PARTICLE_LINK_DISTANCE_PX,
): ParticleLink[] {
  const links: ParticleLink[] = [];
  particles.forEach((p, a) => {
    for (let b = a + 1; b < particles.length; b++) {
      const q = particles[b];
      if (!q) continue;
      const distance = Math.hypot(p.x - q.x, p.y - q.y);
      if (distance < maxDistance) links.push({ a, b, alpha: 1 - distance / maxDistance });
    }
  });
  return links;
}

/** Draws one frame: white dots, and white lines between the close ones. */
export function drawParticles(
  context: ParticleDrawingContext,
  particles: readonly Particle[],
  width: number,
  height: number,
): void {
  context.clearRect(0, 0, width, height);
  context.lineWidth = 1;
  for (const { a, b, alpha } of linkedPairs(particles)) {
    const p = particles[a];
    const q = particles[b];
    if (!p || !q) continue;
    context.strokeStyle = `rgba(255, 255, 255, ${alpha.toFixed(3)})`;
    context.beginPath();
    context.moveTo(p.x, p.y);
    context.lineTo(q.x, q.y);
    context.stroke();
  }
  context.fillStyle = '#ffffff';
  for (const p of particles) {
    context.beginPath();
    context.arc(p.x, p.y, PARTICLE_RADIUS_PX, 0, Math.PI * 2);
    context.fill();
  }
}

/**
 * Decorative moving particles filling the positioned parent. Nothing until the page is
 * interactive (the first screen's content and scripts come first, on a slow phone especially),
 * and nothing at all for visitors who ask for reduced motion or to save data; paused while the tab
 * is hidden.
 */
export function ParticleCanvas() {
  return useDecorativeMotion() ? <AnimatedParticles /> : null;
}

function AnimatedParticles() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    // No 2D context (very old browsers, test environments): the canvas just stays empty.
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;

    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let frame: number | null = null;

    const resize = () => {
      const box = (canvas.parentElement ?? canvas).getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      width = box.width;
      height = box.height;
      // Backing store in device pixels, drawing in CSS pixels: sharp on high-density screens.
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      particles = createParticles(PARTICLE_COUNT, width, height);
    };
    const tick = () => {
      particles = stepParticles(particles, width, height);
      drawParticles(context, particles, width, height);
      frame = window.requestAnimationFrame(tick);
    };
    const start = () => {
      if (frame === null && !document.hidden) frame = window.requestAnimationFrame(tick);
    };
    const stop = () => {
      if (frame !== null) window.cancelAnimationFrame(frame);
      frame = null;
    };
    const onVisibilityChange = () => (document.hidden ? stop() : start());

    // Mounted only once the page is interactive: measuring now forces no layout at start-up.
    resize();
    start();
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stop();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 h-full w-full opacity-30"
    />
  );
}
