// Image limits (spec 3: metered, allowed, need, remaining, used, total, initialized) and the imagery
// texts, shared by the server and the viewer's imagery panel.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

export const imageNeed = z.enum(['register', 'upgrade']).nullable();
export type ImageNeed = z.infer<typeof imageNeed>;
export type ImageryKind = 'street' | 'birdseye';

export const imageLimits = z.object({
  metered: z.boolean(),
  allowed: z.boolean(),
  need: imageNeed,
  remaining: z.number().nullable(),
  used: z.number(),
  total: z.number().nullable(),
  initialized: z.boolean(),
  /** Which providers this server has (an unconfigured one is said plainly, never a broken image). */
  providers: z.object({ street: z.boolean(), birdseye: z.boolean() }),
});
export type ImageLimits = z.infer<typeof imageLimits>;

export const imageryTexts = {
  unavailable: 'Imagery is unavailable here',
  notConfigured: 'Property imagery is not configured on this server.',
  showImage: 'Show image',
  street: 'Street view',
  birdseye: "Bird's eye",
  registerOffer: (total: number) =>
    `You can view ${total} free images. Register for a free account to keep viewing imagery.`,
  registerNeeded: (total: number) =>
    `You have viewed your ${total} free images. Register for a free account to see more.`,
  upgradeOffer: (total: number) => `You can view ${total} free images. Upgrade to Pro for unlimited imagery.`,
  upgradeNeeded: (total: number) => `You have viewed your ${total} free images. Upgrade to Pro for unlimited imagery.`,
} as const;

/** The meter's message for the limits: an offer while images remain, a block once they are used. */
export function imageLimitMessage(limits: Pick<ImageLimits, 'metered' | 'allowed' | 'need' | 'total'>): string | null {
  if (!limits.metered || limits.total === null) return null;
  if (limits.need === 'register')
    return limits.allowed ? imageryTexts.registerOffer(limits.total) : imageryTexts.registerNeeded(limits.total);
  return limits.allowed ? imageryTexts.upgradeOffer(limits.total) : imageryTexts.upgradeNeeded(limits.total);
}

/** GET /users/{id}/img_limits: the limits and the meter's message. */
export const imageLimitsAnswer = imageLimits.extend({ message: z.string().nullable() });

export const birdseyeAngles = [0, 90, 180, 270] as const;

export const imageQuery = z
  .object({
    path: boundedString(300).regex(
      /^\/[a-z]{2}\/[^\s?#]+$/,
      'path is a parcel path like /us/ma/middlesex/cambridge/123',
    ),
    heading: z.coerce.number().min(0).max(360).optional(),
    angle: z.coerce
      .number()
      .refine((a) => (birdseyeAngles as readonly number[]).includes(a), 'angle is 0, 90, 180 or 270')
      .optional(),
  })
  .strict();
