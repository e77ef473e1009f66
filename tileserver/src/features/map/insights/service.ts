// Computes a place's insights once per place and parcels data version, then strips what a caller may
// not see. Keyed by the version read from layer_versions on every request, so a reload (which bumps it)
// is never answered with the old figures; concurrent misses for one place share one computation.
import { LRUCache } from 'lru-cache';
import type { Level } from '@parcel-map/contracts/levels';
import type { Sql } from '../../../db/client.ts';
import { sectionAccess } from './policy.ts';
import type { InsightPlace } from './queries.ts';
import {
  highlightsAndVacancy,
  landUseCounts,
  parcelsVersion,
  storedFigures,
  storeFigures,
  topOwners,
  zoningCounts,
} from './queries.ts';
import type { InsightProviders } from './providers.ts';
import type { InsightsPayload, QuestionKey } from '@parcel-map/contracts/map/insights';
import { placeQuestions, vacancyStatuses } from '@parcel-map/contracts/map/insights';

// Figures that took longer than this are stored, so other server processes and restarts reuse them.
const slowComputeMs = 1000;

type Figures = Omit<InsightsPayload, 'access' | 'nativeLand' | 'wikipedia' | 'providers'> &
  Required<Pick<InsightsPayload, 'lbcs' | 'premium' | 'owners'>>;

export class InsightsService {
  private readonly figures = new LRUCache<string, Promise<Figures>>({ max: 2000 });
  private readonly answers = new LRUCache<string, string>({ max: 5000 });
  private readonly asking = new Map<string, Promise<string>>();

  constructor(
    private readonly sql: Sql,
    readonly providers: InsightProviders,
  ) {}

  private async figuresOf(place: InsightPlace): Promise<Figures> {
    const version = await parcelsVersion(this.sql);
    const key = `${place.path}|${version}`;
    let pending = this.figures.get(key);
    if (!pending) {
      pending = this.storedOrComputed(place, version);
      this.figures.set(key, pending);
      // A failed computation is not remembered: the next request tries again.
      pending.catch(() => this.figures.delete(key));
    }
    return pending;
  }

  /** Figures a loader precomputed for this version, else computed now (and stored when they took long). */
  private async storedOrComputed(place: InsightPlace, version: number): Promise<Figures> {
    const stored = (await storedFigures(this.sql, place.path, version)) as Figures | undefined;
    if (stored) return stored;
    const started = performance.now();
    const figures = await this.compute(place, version);
    const ms = performance.now() - started;
    if (ms > slowComputeMs) await storeFigures(this.sql, place.path, version, figures, ms);
    return figures;
  }

  /** Computes and stores the figures of places for the current version (loaders call it after a load). */
  async precompute(places: InsightPlace[], log: (line: string) => void = () => {}): Promise<void> {
    const version = await parcelsVersion(this.sql);
    for (const place of places) {
      const started = performance.now();
      const figures = await this.compute(place, version);
      const ms = performance.now() - started;
      await storeFigures(this.sql, place.path, version, figures, ms);
      log(
        `insights of ${place.path} (${figures.numeric.parcels.toLocaleString('en-US')} parcels) precomputed in ${(ms / 1000).toFixed(1)}s`,
      );
    }
  }

  private async compute(place: InsightPlace, version: number): Promise<Figures> {
    // One query at a time: on a big place each is a full scan taking seconds, and four at once would
    // hold the whole app pool (and each would near the statement timeout on a busy machine).
    const general = await highlightsAndVacancy(this.sql, place);
    const landUse = await landUseCounts(this.sql, place);
    const zoning = await zoningCounts(this.sql, place);
    const owners = await topOwners(this.sql, place);
    const { vacancy, ...numeric } = general;
    return {
      placeInfo: {
        path: place.path,
        name: place.name,
        headline: place.headline,
        kind: place.kind,
        country: place.country,
        synthetic: place.synthetic,
      },
      dataVersion: version,
      numeric,
      lbcs: { activity_counts: landUse, zoning },
      premium: { charts: { usps: vacancyStatuses.map((status) => ({ status, count: vacancy[status] })) } },
      owners,
    };
  }

  /** The insights answer for a caller: gated sections are absent, not empty. */
  async forCaller(place: InsightPlace, level: Level): Promise<InsightsPayload> {
    const [figures, wikipedia, nativeLand] = await Promise.all([
      this.figuresOf(place),
      this.providers.wikipedia(place),
      this.providers.nativeLand(place),
    ]);
    return visibleFigures(figures, level, place, {
      wikipedia,
      nativeLand: { items: nativeLand },
      providers: this.providers.configured,
    });
  }

  /**
   * An AI answer from the figures this caller may see, cached per place, question, data version and
   * access. Only a real provider call is paid for: `spend` takes the caller's and the deployment's
   * budgets (throwing when one is spent) and answers their give-back, used when the provider fails.
   * Concurrent asks of one uncached answer share one call, paid by the first.
   */
  async ask(
    place: InsightPlace,
    level: Level,
    question: QuestionKey,
    spend: () => Promise<() => Promise<void>> = async () => async () => {},
  ): Promise<string> {
    const figures = await this.figuresOf(place);
    const visible = visibleFigures(figures, level, place, {
      wikipedia: null,
      nativeLand: { items: [] },
      providers: this.providers.configured,
    });
    const key = `${place.path}|${figures.dataVersion}|${question}|${JSON.stringify(visible.access)}`;
    const cached = this.answers.get(key);
    if (cached) return cached;
    const inFlight = this.asking.get(key);
    if (inFlight) return inFlight;
    const giveBack = await spend();
    const { system, user } = buildPrompt(visible, question);
    const pending = this.providers.complete(system, user).then(
      (answer) => {
        this.answers.set(key, answer);
        return answer;
      },
      async (error: unknown) => {
        await giveBack();
        throw error;
      },
    );
    this.asking.set(key, pending);
    void pending.then(
      () => this.asking.delete(key),
      () => this.asking.delete(key),
    );
    return pending;
  }
}

function visibleFigures(
  figures: Figures,
  level: Level,
  place: InsightPlace,
  extra: Pick<InsightsPayload, 'wikipedia' | 'nativeLand' | 'providers'>,
): InsightsPayload {
  const access = sectionAccess(level, place);
  const payload: InsightsPayload = {
    placeInfo: figures.placeInfo,
    dataVersion: figures.dataVersion,
    access,
    numeric: figures.numeric,
    ...extra,
  };
  if (access.landUse === 'open') payload.lbcs = figures.lbcs;
  if (access.vacancy === 'open') payload.premium = figures.premium;
  if (access.ownership === 'open') payload.owners = figures.owners;
  return payload;
}

export function questionText(question: QuestionKey, placeName: string): string {
  return placeQuestions[question].replace('{place}', placeName);
}

/** The prompt carries the place's own figures, so the answer is about this data, not the model's memory. */
export function buildPrompt(insights: InsightsPayload, question: QuestionKey): { system: string; user: string } {
  const n = insights.numeric;
  const lines = [
    `Place: ${insights.placeInfo.headline} (${insights.placeInfo.kind})${insights.placeInfo.synthetic ? ' — synthetic test data' : ''}`,
    `Parcels: ${n.parcels}`,
    `Total acres: ${n.total_acres.toFixed(1)}`,
    `Median parcel acres: ${n.median_acres ?? 'unknown'}`,
    `Median assessed value (USD): ${n.median_value ?? 'unknown'}`,
    `Total assessed value (USD): ${n.total_value ?? 'unknown'}`,
    `Median year built: ${n.median_year_built ?? 'unknown'}`,
    `Share of parcels with a mailing address different from the site address: ${n.mail_differs_share === null ? 'unknown' : `${(n.mail_differs_share * 100).toFixed(1)}%`}`,
    `Share of parcels with structures: ${n.structure_share === null ? 'unknown' : `${(n.structure_share * 100).toFixed(1)}%`}`,
  ];
  if (insights.lbcs)
    lines.push(
      `Land use (parcels per LBCS activity category): ${insights.lbcs.activity_counts.map((a) => `${a.activity_type} ${a.count}`).join(', ')}`,
    );
  if (insights.lbcs?.zoning.length)
    lines.push(
      `Most common zoning codes: ${insights.lbcs.zoning
        .slice(0, 10)
        .map((z) => `${z.code} ${z.count}`)
        .join(', ')}`,
    );
  if (insights.premium)
    lines.push(
      `USPS vacancy (parcels): ${insights.premium.charts.usps.map((u) => `${u.status} ${u.count}`).join(', ')}`,
    );
  if (insights.owners)
    lines.push(
      `Top owners (parcels, acres): ${insights.owners
        .slice(0, 10)
        .map((o) => `${o.name} ${o.count} (${o.acres.toFixed(2)} ac)`)
        .join('; ')}`,
    );
  return {
    system:
      'You are a land and property analyst. Answer in at most three short paragraphs, using only the figures given and saying plainly when a figure is unknown. Do not invent numbers.',
    user: `${questionText(question, insights.placeInfo.name)}\n\nFigures from the parcel records of this place:\n${lines.join('\n')}`,
  };
}
