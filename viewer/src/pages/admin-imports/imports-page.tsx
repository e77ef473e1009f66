// /admin/imports_exports/running: running and recent parcel imports (exports join the list once they
// exist) with progress, report and errors, and the form that uploads a file and starts an import.
// The list is polled every two seconds while an import is queued or running.
import { useEffect } from 'react';
import { AdminLayout } from '../admin/admin-layout.tsx';
import { useAdminJson } from '../admin/use-admin-json.ts';
import { ImportForm } from './import-form.tsx';
import { ImportRuns } from './import-runs.tsx';
import type { ImportRun } from './imports-api.ts';
import './imports.css';

export function AdminImportsPage() {
  const { state, reload } = useAdminJson<{ imports: ImportRun[] }>('/admin/imports_exports/running.json');
  const runs = state.status === 'ready' ? state.data.imports : [];
  const active = runs.some((r) => r.status === 'queued' || r.status === 'running');
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [active, reload]);
  return (
    <AdminLayout title="Imports and Exports" path="/admin/imports_exports/running" state={state}>
      <ImportForm onStarted={reload} />
      <h2>Running and recent imports</h2>
      <ImportRuns runs={runs} />
    </AdminLayout>
  );
}
