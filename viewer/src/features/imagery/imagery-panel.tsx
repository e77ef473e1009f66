// The property imagery panel in the parcel pane (spec: Property imagery panel): street view by default
// or bird's eye with an optional angle; metered users (anonymous, Starter) click Show image and see
// the meter's message; the view resets when the parcel changes (the pane keys this by path); a failed
// image reads "Imagery is unavailable here"; a server without a provider says so plainly.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { sessionAtom } from '../../state/session.ts';
import { birdseyeAngles, imageryTexts } from '@parcel-map/contracts/workspace/imagery';
import { fetchImage, imageLimits, type ImageResult, type ImageryKind, type LimitsAnswer } from './api.ts';
import './imagery.css';

export function ImageryPanel({ path }: { path: string }) {
  const userId = useAtomValue(sessionAtom).user?.id ?? null;
  const [kind, setKind] = useState<ImageryKind>('street');
  const [angle, setAngle] = useState<number | null>(null);
  const [limits, setLimits] = useState<LimitsAnswer | null>(null);
  const [asked, setAsked] = useState(0);
  const [result, setResult] = useState<ImageResult | 'loading' | null>(null);

  useEffect(() => {
    void imageLimits()
      .then(setLimits)
      .catch(() => setLimits(null));
  }, [userId]);

  const configured = limits?.providers[kind] ?? false;
  // Unmetered users see the image at once; metered ones ask for each (spec: metered users click Show image).
  const wanted = configured && limits !== null && (!limits.metered || asked > 0);

  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    let url: string | undefined;
    setResult('loading');
    fetchImage(kind, path, angle, abort.signal)
      .then((r) => {
        if (r.kind === 'image') url = r.url;
        setResult(r);
        if (limits?.metered)
          void imageLimits()
            .then(setLimits)
            .catch(() => {});
      })
      .catch(() => {});
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [wanted, kind, angle, asked, path]);

  const switchTo = (next: ImageryKind) => {
    setKind(next);
    setAsked(0);
    setResult(null);
  };

  return (
    <section className="imagery-panel" data-testid="imagery-panel" aria-label="Property imagery">
      <div className="imagery-toggle" role="group" aria-label="Imagery view">
        <button
          type="button"
          className={kind === 'street' ? 'active' : ''}
          aria-pressed={kind === 'street'}
          data-testid="imagery-street"
          onClick={() => switchTo('street')}
        >
          {imageryTexts.street}
        </button>
        <button
          type="button"
          className={kind === 'birdseye' ? 'active' : ''}
          aria-pressed={kind === 'birdseye'}
          data-testid="imagery-birdseye"
          onClick={() => switchTo('birdseye')}
        >
          {imageryTexts.birdseye}
        </button>
        {kind === 'birdseye' && (
          <select
            aria-label="Bird's eye angle"
            data-testid="imagery-angle"
            value={angle ?? ''}
            onChange={(e) => {
              setAngle(e.target.value === '' ? null : Number(e.target.value));
              setAsked(0);
              setResult(null);
            }}
          >
            <option value="">Angle</option>
            {birdseyeAngles.map((a) => (
              <option key={a} value={a}>
                {a}°
              </option>
            ))}
          </select>
        )}
      </div>
      {limits && !configured && (
        <p className="muted small" data-testid="imagery-not-configured">
          {imageryTexts.notConfigured}
        </p>
      )}
      {configured && limits?.metered && limits.message && (
        <p className="small imagery-meter" data-testid="imagery-meter">
          {limits.message}
        </p>
      )}
      {configured &&
        limits?.metered &&
        limits.allowed &&
        (result === null || (typeof result === 'object' && result.kind !== 'image')) && (
          <button type="button" className="button" data-testid="imagery-show" onClick={() => setAsked((n) => n + 1)}>
            {imageryTexts.showImage}
          </button>
        )}
      {result === 'loading' && <p className="muted small">Loading image…</p>}
      {typeof result === 'object' && result?.kind === 'image' && (
        <img
          className="imagery-image"
          data-testid="imagery-image"
          src={result.url}
          alt={`${kind === 'street' ? imageryTexts.street : imageryTexts.birdseye} of this property`}
        />
      )}
      {typeof result === 'object' && result?.kind === 'unavailable' && (
        <p className="muted small" data-testid="imagery-unavailable">
          {imageryTexts.unavailable}
        </p>
      )}
      {typeof result === 'object' && result?.kind === 'limit' && (
        <p className="small imagery-meter" data-testid="imagery-limit">
          {result.message}
        </p>
      )}
    </section>
  );
}
