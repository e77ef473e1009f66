// The group's focus areas for the pane (GET /neighborhoods.json): loading, then done or failed with the
// spec's text (spec 4 and 8); fetched again when a focus area is saved, keeping the list meanwhile.
import { useAtomValue } from 'jotai';
import { useRemoteCall, type Remote } from '../../api/use-remote.ts';
import type { FocusArea } from '../../state/project.ts';
import { fetchFocusAreas } from './api.ts';
import { focusAreaListRevisionAtom } from './atoms.ts';

async function loadFocusAreas(signal: AbortSignal): Promise<FocusArea[]> {
  const list = await fetchFocusAreas(signal);
  if (list.status === 'done') return list.value;
  const message = list.status === 'failed' ? list.message : 'loading';
  console.warn(`focus areas: ${message}`);
  throw new Error(message);
}

export function useFocusAreaList(enabled: boolean): Remote<FocusArea[]> {
  const revision = useAtomValue(focusAreaListRevisionAtom);
  return useRemoteCall(enabled ? loadFocusAreas : null, String(revision), { keepValue: true })[0];
}
