// /admin/notify: a notice mailed to all users or one plan's users. "Review" asks the server how many
// users it would reach; only the confirmation ("Send to N users") sends it, through the mailer, and
// the server records it in the audit log.
import { useState } from 'react';
import { noticeAudiences } from '@parcel-map/contracts/people/admin-content';
import { ApiError, sendJson } from '../../api/client.ts';
import { useRemote } from '../../api/use-remote.ts';
import { AdminLayout } from './admin-layout.tsx';

const audienceLabels: Record<(typeof noticeAudiences)[number], string> = {
  all: 'All users',
  free: 'Starter users',
  pro: 'Pro users',
  team: 'Team users',
};

type Step = { kind: 'edit' } | { kind: 'confirm'; recipients: number } | { kind: 'sent'; sent: number };

export function AdminNotifyPage() {
  // The overview answer tells an admin from anyone else (404), like on every admin page.
  const [access] = useRemote<unknown>('/admin/overview.json', {});
  const [form, setForm] = useState({ audience: 'all' as (typeof noticeAudiences)[number], subject: '', body: '' });
  const [step, setStep] = useState<Step>({ kind: 'edit' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const post = async (confirm: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await sendJson<{ recipients: number; sent: number }>('POST', '/admin/notify.json', {
        ...form,
        confirm,
      });
      setStep(confirm ? { kind: 'sent', sent: answer.sent } : { kind: 'confirm', recipients: answer.recipients });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const edit = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setStep({ kind: 'edit' });
  };
  const users = (n: number) => `${n.toLocaleString('en-US')} user${n === 1 ? '' : 's'}`;
  return (
    <AdminLayout title="Notify Users" path="/admin/notify" state={access}>
      <form
        className="account-form admin-stack-form"
        data-testid="notify-form"
        onSubmit={(e) => {
          e.preventDefault();
          void post(false);
        }}
      >
        <label>
          Send to
          <select
            data-testid="notify-audience"
            value={form.audience}
            onChange={(e) => edit({ audience: e.target.value as typeof form.audience })}
          >
            {noticeAudiences.map((a) => (
              <option key={a} value={a}>
                {audienceLabels[a]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Subject
          <input
            data-testid="notify-subject"
            maxLength={150}
            value={form.subject}
            onChange={(e) => edit({ subject: e.target.value })}
          />
        </label>
        <label>
          Message
          <textarea
            className="admin-editor"
            data-testid="notify-body"
            maxLength={5000}
            value={form.body}
            onChange={(e) => edit({ body: e.target.value })}
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {step.kind === 'confirm' && (
          <p role="status" data-testid="notify-count">
            This notice will be mailed to {users(step.recipients)} ({audienceLabels[form.audience]}).
          </p>
        )}
        {step.kind === 'sent' && (
          <p role="status" className="follow-message" data-testid="notify-sent">
            Notice sent to {users(step.sent)}.
          </p>
        )}
        {step.kind === 'confirm' ? (
          <button
            type="button"
            className="primary"
            data-testid="notify-confirm"
            disabled={busy || step.recipients === 0}
            onClick={() => void post(true)}
          >
            Send to {users(step.recipients)}
          </button>
        ) : (
          <button
            type="submit"
            className="primary"
            data-testid="notify-review"
            disabled={busy || !form.subject.trim() || !form.body.trim()}
          >
            Review
          </button>
        )}
      </form>
    </AdminLayout>
  );
}
