// The parcel details pane: address and parcel number, Copy parcel link, Parcel Highlights, the field
// groups (as the user customised them), Other Records at Location, the daily lookup limit banner, and
// property imagery.
import { AddToExport } from './add-to-export.tsx';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { ParcelEntity } from '@parcel-map/contracts/map/parcels';
import { closeParcelAtom, selectedPathAtom, selectParcelAtom } from '../../state/selection.ts';
import { detailsOpenAtom } from '../../state/ui.ts';
import { otherRecordsAtom, parcelAtom } from './atoms.ts';
import { FollowAction } from '../follows/follow-action.tsx';
import { customiseHref, FieldGroups } from './field-groups.tsx';
import { Highlights } from './highlights.tsx';
import { LookupLimitBanner, RemainingLookups, useLookupCounter } from './lookup-limit-banner.tsx';
import { limitsOfError } from './lookup-limits.ts';
import { ImageryPanel } from '../imagery/imagery-panel.tsx';
import { SurveyParcelLink } from '../surveys/survey-parcel-link.tsx';

export const copyFeedbackMs = 2000;

/** The site address, else the parcel number, else the path. */
function parcelTitle(p: ParcelEntity): string {
  const number = p.fields?.parcelnumb;
  return p.formatted_addresses?.site ?? p.highlights?.address ?? (number ? `Parcel ${String(number)}` : p.path);
}
export const copiedMessage = 'Parcel link copied to clipboard.';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API refused (insecure origin, no permission): fall back to a selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

function CopyLink({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    await copyText(new URL(path, location.origin).href);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copyFeedbackMs);
  };
  return (
    <div className="copy-link">
      <button type="button" className="button" data-testid="copy-parcel-link" onClick={() => void copy()}>
        Copy parcel link
      </button>
      {copied && (
        <span role="status" className="copied" data-testid="copy-feedback">
          {copiedMessage}
        </span>
      )}
    </div>
  );
}

function OtherRecords() {
  const records = useAtomValue(otherRecordsAtom);
  const select = useSetAtom(selectParcelAtom);
  if (records.state !== 'hasData' || records.data.length === 0) return null;
  return (
    <section className="other-records" data-testid="other-records">
      <h3>Other Records at Location</h3>
      <ul>
        {records.data.map((r) => (
          <li key={r.path}>
            <button type="button" className="link-button" onClick={() => select({ path: r.path })}>
              {r.address ?? r.parcelnumb ?? r.path}
            </button>
            {r.owner && <span className="muted small"> · {r.owner}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ParcelPane() {
  const open = useAtomValue(detailsOpenAtom);
  const path = useAtomValue(selectedPathAtom);
  const parcel = useAtomValue(parcelAtom);
  const close = useSetAtom(closeParcelAtom);
  const limitError = parcel.state === 'hasError' ? limitsOfError(parcel.error) : null;
  const limits = useLookupCounter(parcel.state === 'hasData' ? parcel.data : null, limitError);
  if (!open || !path) return null;
  return (
    <aside className="parcel-pane" data-testid="parcel-pane" aria-label="Parcel details">
      <header className="panel-header">
        <h2 data-testid="parcel-title">
          {parcel.state === 'hasData' && parcel.data ? parcelTitle(parcel.data) : 'Parcel'}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close parcel details"
          data-testid="close-parcel"
          onClick={() => close()}
        >
          ×
        </button>
      </header>
      <div className="panel-body">
        {parcel.state === 'loading' && <p className="muted">Loading…</p>}
        {limitError && <LookupLimitBanner limits={limitError} />}
        {parcel.state === 'hasError' && !limitError && (
          <p className="error" data-testid="parcel-error">
            {(parcel.error as Error).message}
          </p>
        )}
        {parcel.state === 'hasData' && parcel.data && (
          <>
            <p className="parcel-meta">
              Parcel ID <strong data-testid="parcel-number">{String(parcel.data.fields?.parcelnumb ?? '')}</strong>
              {parcel.data.context?.headline && <span className="muted small"> · {parcel.data.context.headline}</span>}
            </p>
            <RemainingLookups limits={limits} />
            <div className="pane-links">
              <CopyLink path={parcel.data.path} />
              <FollowAction kind="parcel" path={parcel.data.path} />
              <a
                href={customiseHref}
                className="small"
                data-testid="customise-link"
                title="Choose the fields this pane shows"
              >
                Customise
              </a>
              <SurveyParcelLink path={parcel.data.path} />
              <AddToExport path={parcel.data.path} />
            </div>
            {/* Keyed by path: the imagery view resets when the parcel changes (spec). */}
            <ImageryPanel key={parcel.data.path} path={parcel.data.path} />
            <Highlights parcel={parcel.data} />
            <OtherRecords />
            <FieldGroups parcel={parcel.data} />
          </>
        )}
      </div>
    </aside>
  );
}
