// /admin/imports_exports/running: running and recent parcel imports and exports with progress, report
// and errors, and the form that uploads a file and starts an import (a job: it survives a restart).
// The lists are polled every two seconds while an import or an export is queued or running.
import { useEffect } from 'react';
import { AdminLayout } from '../admin/admin-layout.tsx';
import { useRemote } from '../../api/use-remote.ts';
import { ImportForm } from './import-form.tsx';
import { ExportRuns } from './export-runs.tsx';
import { ImportRuns } from './import-runs.tsx';
import { anyActive, type ImportsExportsAnswer } from './api.ts';
import './imports.css';

export function AdminImportsPage() {
  const [state, reload] = useRemote<ImportsExportsAnswer>(
    '/admin/imports_exports/running.json',
    {},
    { keepValue: true },
  );
  const data = state.status === 'done' ? state.value : { imports: [], exports: [] };
  const active = anyActive(data);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [active, reload]);
  return (
    <AdminLayout title="Imports and Exports" path="/admin/imports_exports/running" state={state}>
      <ImportForm onStarted={reload} />
      <h2>Running and recent imports</h2>
      <ImportRuns runs={data.imports} />
      <h2>Running and recent exports</h2>
      <ExportRuns runs={data.exports} />
    </AdminLayout>
  );
}
