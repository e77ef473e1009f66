// Save before export (spec: "Add to Cart / Download first saves the project if the boundary is
// unsaved ... Pending save flag clears after 2 s"): what is bought is what the saved project shows, so
// reopening the project later shows the selection that was exported.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { hasUnsavedStyles } from '../../model/project-styles.ts';
import { activeFiltersAtom, canEditProjectAtom, currentProjectAtom } from '../../state/project.ts';
import { activeStyleAtom } from '../../state/style-rules.ts';
import { saveProject } from '../projects/project-actions.ts';

export const pendingSaveMs = 2000;

/** `saveFirst` saves an edited project (style rules or filters differ from the saved ones) and raises
 * the pending-save flag for 2 s; a project without changes, or one the user may not edit, is left as is. */
export function useSaveFirst(): { pendingSave: boolean; saveFirst: () => Promise<void> } {
  const project = useAtomValue(currentProjectAtom);
  const canEdit = useAtomValue(canEditProjectAtom);
  const active = useAtomValue(activeStyleAtom);
  const filters = useAtomValue(activeFiltersAtom);
  const setProject = useSetAtom(currentProjectAtom);
  const [pendingSave, setPendingSave] = useState(false);
  const saveFirst = async () => {
    if (!project || !canEdit) return;
    const unsaved =
      hasUnsavedStyles(active, project.styles) ||
      JSON.stringify(filters) !== JSON.stringify(project.query.filters ?? {});
    if (!unsaved) return;
    setPendingSave(true);
    setTimeout(() => setPendingSave(false), pendingSaveMs);
    setProject(await saveProject(project, active, filters));
  };
  return { pendingSave, saveFirst };
}
