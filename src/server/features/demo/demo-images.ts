import sharp from 'sharp';

/**
 * Abstract "artwork" pictures drawn from an SVG, so demo content needs no download and no
 * committed binaries. Each palette gives a different gradient with a few soft brush shapes.
 */
export async function drawDemoImage(
  palette: readonly [string, string, string],
  width: number,
  height: number,
  seed: number,
): Promise<Buffer> {
  const [from, to, accent] = palette;
  // A tiny deterministic generator: the same seed always draws the same picture.
  let state = seed * 9301 + 49297;
  const next = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const shapes = Array.from({ length: 7 }, () => {
    const cx = Math.round(next() * width);
    const cy = Math.round(next() * height);
    const r = Math.round((0.08 + next() * 0.22) * Math.min(width, height));
    const opacity = (0.15 + next() * 0.35).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}" fill-opacity="${opacity}"/>`;
  }).join('');
  const stroke = `<path d="M ${width * 0.08} ${height * 0.75} C ${width * 0.3} ${height * 0.35}, ${width * 0.6} ${height * 0.95}, ${width * 0.92} ${height * 0.3}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${Math.round(height * 0.04)}" fill="none" stroke-linecap="round"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}${stroke}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}
