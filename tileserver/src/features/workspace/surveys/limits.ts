// Survey and photo limits in one place: surveys per group by plan (Team unlimited), and the photo a
// surveyor may attach (size and the image types we accept, checked by their first bytes).
import type { Level } from '@parcel-map/contracts/levels';

export const surveysPerGroup: Record<Level, number | null> = {
  anonymous: 0,
  free: 0,
  pro: 10,
  team: null,
  admin: null,
};

export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

/** The image type of a file's first bytes, or undefined when it is not a JPEG, PNG or WebP image. */
export function photoType(bytes: Uint8Array): { ext: string; mime: string } | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return { ext: 'png', mime: 'image/png' };
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { ext: 'webp', mime: 'image/webp' };
  return undefined;
}
