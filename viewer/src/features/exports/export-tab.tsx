// The side pane's #export tab: opened by the hash, its content loads on first open so the map
// screen's first load does not carry it.
import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { dropHashKey } from '../../state/url.ts';
import { exportHashKey, exportOpenAtom, hashOpensExport } from '../../state/tabs.ts';
import './export.css';

const ExportPane = lazy(() => import('./export-pane.tsx').then((m) => ({ default: m.ExportPane })));

export function ExportTab() {
  const [open, setOpen] = useAtom(exportOpenAtom);
  useEffect(() => {
    const read = () => {
      if (hashOpensExport(location.hash)) setOpen(true);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [setOpen]);
  if (!open) return null;
  const close = () => {
    setOpen(false);
    dropHashKey(exportHashKey);
  };
  return (
    <Suspense
      fallback={
        <aside className="export-tab" aria-busy="true">
          <p className="panel-body muted">Loading…</p>
        </aside>
      }
    >
      <ExportPane onClose={close} />
    </Suspense>
  );
}
