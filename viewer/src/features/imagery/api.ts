// The imagery calls: the meter (GET /users/me/img_limits) and one image
// through our server, read as a blob so a limit (429) and a provider failure read differently.
import { ApiError, apiUrl, getJson } from '../../api/client.ts';
import type { ImageLimits, ImageryKind } from '@parcel-map/contracts/workspace/imagery';

export type { ImageLimits, ImageryKind };
export type LimitsAnswer = ImageLimits & { message: string | null };

// Asked as "me": the answer is the caller's whoever the cookie names. An id from the session atom could be
// a moment behind the cookie (0 while a sign-in lands), which the server answers 404.
export const imageLimits = () => getJson<LimitsAnswer>('/users/me/img_limits');

export type ImageResult = { kind: 'image'; url: string } | { kind: 'limit'; message: string } | { kind: 'unavailable' };

type ErrorBody = { error?: { message?: string; details?: { limit?: string } } };

export async function fetchImage(
  kind: ImageryKind,
  path: string,
  angle: number | null,
  signal?: AbortSignal,
): Promise<ImageResult> {
  try {
    const response = await fetch(
      apiUrl(`/imagery/${kind}.jpg`, { path, angle: kind === 'birdseye' && angle !== null ? angle : undefined }),
      { signal },
    );
    if (response.ok) return { kind: 'image', url: URL.createObjectURL(await response.blob()) };
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    // The caller's allowance (429) and the server's daily cap (503, details.limit) say so in their own words.
    if (response.status === 429 || body.error?.details?.limit === 'deployment') {
      return { kind: 'limit', message: body.error?.message ?? 'No free images left' };
    }
    return { kind: 'unavailable' };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return error instanceof ApiError ? { kind: 'unavailable' } : { kind: 'unavailable' };
  }
}
