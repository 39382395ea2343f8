/**
 * The landing logo's pixel rule (part 1 §2): near-black pixels become transparent and near-white
 * pixels become opaque white; everything else is left as it is. "Near" means every colour channel
 * is within `tolerance` of 0 (black) or of 255 (white).
 */
export function processLogoPixels(rgba: Uint8ClampedArray, tolerance: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(rgba);
  const whiteFloor = 255 - tolerance;
  for (let i = 0; i + 3 < out.length; i += 4) {
    const r = out[i];
    const g = out[i + 1];
    const b = out[i + 2];
    if (r <= tolerance && g <= tolerance && b <= tolerance) {
      out[i + 3] = 0;
    } else if (r >= whiteFloor && g >= whiteFloor && b >= whiteFloor) {
      out[i] = 255;
      out[i + 1] = 255;
      out[i + 2] = 255;
      out[i + 3] = 255;
    }
  }
  return out;
}
