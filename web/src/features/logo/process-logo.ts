import { LOGO_TRANSPARENCY_TOLERANCE } from '~shared/constants.ts';
import { processLogoPixels } from './logo-pixels.ts';

/**
 * Loads the logo, applies the pixel rule in a canvas and returns a PNG data URL.
 * Rejects on any failure (decode, tainted canvas, no 2D context); the caller then keeps the original.
 */
export async function processLogo(src: string, tolerance = LOGO_TRANSPARENCY_TOLERANCE): Promise<string> {
  const image = new Image();
  image.decoding = 'async';
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) throw new Error('Canvas unavailable');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  pixels.data.set(processLogoPixels(pixels.data, tolerance));
  context.putImageData(pixels, 0, 0);
  return canvas.toDataURL('image/png');
}
