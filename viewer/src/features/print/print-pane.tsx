// The Print pane: a Print Screenshot button that downloads a PNG of the current view.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { mapAtom } from '../../state/view.ts';
import { panelAtom, showAlertAtom } from '../../state/ui.ts';
import { Panel } from '../../ui/panel.tsx';
import { downloadCanvas, screenshotName } from './print.ts';

export function PrintPane() {
  const map = useAtomValue(mapAtom);
  const setPanel = useSetAtom(panelAtom);
  const alert = useSetAtom(showAlertAtom);
  const [busy, setBusy] = useState(false);

  const print = async () => {
    if (!map) return;
    setBusy(true);
    try {
      // Wait for a fully drawn frame so the PNG never catches tiles half loaded.
      await new Promise<void>((resolve) => {
        map.once('idle', () => resolve());
        map.triggerRepaint();
      });
      await downloadCanvas(map.getCanvas(), screenshotName(new Date()));
    } catch (error) {
      alert({ text: (error as Error).message, kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="Print" testId="print-pane" onClose={() => setPanel(null)}>
      <p className="muted small">Downloads a PNG image of the current map view, with its layers and labels.</p>
      <button
        type="button"
        className="button primary"
        data-testid="print-screenshot"
        disabled={!map || busy}
        onClick={() => void print()}
      >
        {busy ? 'Preparing…' : 'Print Screenshot'}
      </button>
    </Panel>
  );
}
