// The user's export and data-store files with their status and download links (/profile/orders).
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client.ts';
import type { ExportRecord } from './api.ts';

type FileRecord = ExportRecord & { order_id: number | null; kind: 'export' | 'store'; product: string | null };

export function PurchasedFiles() {
  const [files, setFiles] = useState<FileRecord[] | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      getJson<{ exports: FileRecord[] }>('/profile/exports.json').then(
        (b) => {
          setFiles(b.exports);
          // Files still being made: look again shortly (long exports show their progress).
          if (b.exports.some((e) => e.status === 1)) timer = setTimeout(load, 2000);
        },
        () => setFiles([]),
      );
    void load();
    return () => clearTimeout(timer);
  }, []);
  if (!files || files.length === 0) return null;
  return (
    <section data-testid="purchased-files">
      <h2>Your files</h2>
      <ul className="account-card follows-rows">
        {files.map((f) => (
          <li key={f.id} data-testid="file-row">
            <span>
              {new Date(f.created_at).toLocaleDateString('en-US')} ·{' '}
              {f.kind === 'store' ? `${f.path} (${f.product})` : f.path} · {f.format.toUpperCase()} ·{' '}
              {f.count.toLocaleString('en-US')} parcels{f.order_id ? ` · order ${f.order_id}` : ' · free'}
            </span>
            {f.status === 2 && f.url ? (
              <a href={f.url} data-testid="file-download">
                Download
              </a>
            ) : (
              <span>{f.status === 1 ? `${f.status_text} ${f.progress}%` : f.status_text}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
