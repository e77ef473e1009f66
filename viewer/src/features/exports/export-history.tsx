// Free Downloads (spec: Export history): shown when a record has status 2 or 4; the month's downloads
// per day, the sum and what is left, and the project's export records with their links.
import { useEffect, useState } from 'react';
import { loadHistory, type HistoryAnswer } from './api.ts';

export function ExportHistory(props: { projectPath: string }) {
  const [history, setHistory] = useState<HistoryAnswer | null>(null);
  useEffect(() => {
    loadHistory(props.projectPath).then(setHistory, () => setHistory(null));
  }, [props.projectPath]);
  if (!history?.show_history) return null;
  const attempted = history.downloaded_parcel_history.some((h) => h.attempted !== h.successful);
  return (
    <section className="export-history" data-testid="export-history">
      <h3>Free Downloads</h3>
      <p className="small">
        {history.downloaded_parcels_sum.toLocaleString('en-US')} parcels downloaded this month,{' '}
        {history.downloaded_parcels_remaining.toLocaleString('en-US')} free remaining.
      </p>
      <table>
        <thead>
          <tr>
            <th>Date</th>
            <th className="num">Downloaded</th>
            {attempted && <th className="num">Attempted</th>}
          </tr>
        </thead>
        <tbody>
          {history.downloaded_parcel_history.map((h) => (
            <tr key={h.date}>
              <td>{h.date}</td>
              <td className="num">{h.successful.toLocaleString('en-US')}</td>
              {attempted && <td className="num">{h.attempted.toLocaleString('en-US')}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="small">
        {history.exports.map((e) => (
          <li key={e.id} data-testid="export-record">
            {new Date(e.created_at).toLocaleDateString('en-US')} · {e.format.toUpperCase()} ·{' '}
            {e.count.toLocaleString('en-US')} parcels ·{' '}
            {e.status === 2 && e.url ? <a href={e.url}>{e.status_text}</a> : e.status_text}
          </li>
        ))}
      </ul>
      <p className="small">
        <a href="/profile/orders">All your orders and files</a>
      </p>
    </section>
  );
}
