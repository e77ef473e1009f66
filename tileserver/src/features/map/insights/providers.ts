// The external insights providers, called server-side with a timeout and cached: the encyclopedia
// (MediaWiki REST page summary), Native Land (native-land.ca's territories at a point) and the AI (an
// OpenAI-compatible chat-completions endpoint). An unset or failing provider gives null / no items,
// never a failed insights answer; only the AI route reports its failure (the viewer's own message).
import { LRUCache } from 'lru-cache';
import type { Config } from '../../../config.ts';
import type { Logger } from '../../../logger.ts';
import type { InsightPlace } from './queries.ts';

const day = 24 * 60 * 60 * 1000;
// Failures are remembered briefly, so a provider outage costs one timeout per place per few minutes.
const failureTtl = 5 * 60 * 1000;

async function fetchJson(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (!res.ok) throw new Error(`${res.status} from ${new URL(url).host}`);
  return res.json();
}

const trimBase = (base: string) => base.replace(/\/+$/, '');

/** The encyclopedia title of a place: "Cambridge, Massachusetts", "Middlesex County, Massachusetts". */
export function encyclopediaTitle(place: InsightPlace): string | null {
  if (place.synthetic || place.focus_id !== undefined) return null;
  if (place.kind === 'country' || place.kind === 'state') return place.name;
  if (!place.state_name) return place.name;
  const name =
    place.kind === 'county' &&
    place.country === 'us' &&
    !/\b(County|Parish|Borough|Census Area|Municipality)$/.test(place.name)
      ? `${place.name} County`
      : place.name;
  return `${name}, ${place.state_name}`;
}

export class InsightProviders {
  private readonly wiki = new LRUCache<string, { value: { extract: string; link: string } | null }>({
    max: 5000,
    ttl: day,
  });
  private readonly native = new LRUCache<string, { value: { id: string; link: string; headline: string }[] }>({
    max: 5000,
    ttl: day,
  });

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {}

  get configured() {
    return {
      wikipedia: this.config.WIKIPEDIA_API_URL !== undefined,
      nativeLand: this.config.NATIVE_LAND_API_URL !== undefined,
      ai: this.config.AI_BASE_URL !== undefined,
    };
  }

  async wikipedia(place: InsightPlace): Promise<{ extract: string; link: string } | null> {
    const base = this.config.WIKIPEDIA_API_URL;
    const title = encyclopediaTitle(place);
    if (!base || !title) return null;
    const cached = this.wiki.get(title);
    if (cached) return cached.value;
    let value: { extract: string; link: string } | null = null;
    try {
      const body = (await fetchJson(
        `${trimBase(base)}/page/summary/${encodeURIComponent(title.replace(/ /g, '_'))}`,
        { headers: { accept: 'application/json' } },
        this.config.PROVIDER_TIMEOUT_MS,
      )) as {
        type?: string;
        extract?: string;
        content_urls?: { desktop?: { page?: string } };
      };
      // A disambiguation page is no answer about this place.
      if (body.type !== 'disambiguation' && typeof body.extract === 'string' && body.extract.trim() !== '') {
        const link = body.content_urls?.desktop?.page;
        value = { extract: body.extract, link: typeof link === 'string' && /^https?:\/\//.test(link) ? link : '' };
      }
      this.wiki.set(title, { value });
    } catch (error) {
      this.logger.warn({ provider: 'wikipedia', title, error: (error as Error).message }, 'insights provider failed');
      this.wiki.set(title, { value: null }, { ttl: failureTtl });
    }
    return value;
  }

  async nativeLand(place: InsightPlace): Promise<{ id: string; link: string; headline: string }[]> {
    const base = this.config.NATIVE_LAND_API_URL;
    if (!base || place.synthetic) return [];
    const position = `${place.lat.toFixed(4)},${place.lon.toFixed(4)}`;
    const cached = this.native.get(position);
    if (cached) return cached.value;
    const params = new URLSearchParams({ maps: 'territories', position });
    if (this.config.NATIVE_LAND_API_KEY) params.set('key', this.config.NATIVE_LAND_API_KEY);
    try {
      const body = await fetchJson(
        `${trimBase(base)}/index.php?${params}`,
        { headers: { accept: 'application/json' } },
        this.config.PROVIDER_TIMEOUT_MS,
      );
      const features = Array.isArray(body) ? body : [];
      const items = features.flatMap((f: { properties?: Record<string, unknown> }) => {
        const p = f?.properties ?? {};
        const headline = typeof p.Name === 'string' ? p.Name : null;
        const link = typeof p.description === 'string' && /^https?:\/\//.test(p.description) ? p.description : '';
        return headline ? [{ id: String(p.ID ?? p.Slug ?? headline), link, headline }] : [];
      });
      this.native.set(position, { value: items });
      return items;
    } catch (error) {
      this.logger.warn(
        { provider: 'native-land', position, error: (error as Error).message },
        'insights provider failed',
      );
      this.native.set(position, { value: [] }, { ttl: failureTtl });
      return [];
    }
  }

  /** One chat-completions call; throws when unset or failing (the route answers 503). */
  async complete(system: string, user: string): Promise<string> {
    const base = this.config.AI_BASE_URL;
    if (!base) throw new Error('AI_BASE_URL is not set');
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.config.AI_API_KEY) headers.authorization = `Bearer ${this.config.AI_API_KEY}`;
    const body = (await fetchJson(
      `${trimBase(base)}/chat/completions`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: this.config.AI_MODEL,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          temperature: 0.3,
        }),
      },
      this.config.PROVIDER_TIMEOUT_MS * 6,
    )) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') throw new Error('the AI answer had no message content');
    return content.trim();
  }
}
