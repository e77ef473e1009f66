// /admin/codes: the offer codes (plan, cycle, price, account, expiry) and a form to make one.
import { useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { ApiError, sendJson } from '../../api/client.ts';
import { AdminLayout } from './admin-layout.tsx';
import { formatDate } from './admin-format.ts';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';

interface Offer {
  code: string;
  name: string;
  plan: string;
  cycle: string;
  price_cents: number;
  expires_at: string | null;
  account: string | null;
}

const empty = { code: '', name: '', plan: 'level1', cycle: 'annual', price: '', group_slug: '', expires_at: '' };

export function AdminCodesPage() {
  const [state, reload] = useRemote<{ offers: Offer[] }>('/admin/codes.json', {}, { keepValue: true });
  const [form, setForm] = useState(empty);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const offers = state.status === 'done' ? state.value.offers : [];
  const save = async () => {
    try {
      await sendJson('POST', '/admin/codes.json', {
        code: form.code,
        name: form.name,
        plan: form.plan,
        cycle: form.plan === 'team_flex' ? 'monthly' : form.cycle,
        price_cents: Math.round(Number(form.price) * 100),
        ...(form.group_slug ? { group_slug: form.group_slug } : {}),
        ...(form.expires_at ? { expires_at: form.expires_at } : {}),
      });
      setMessage({ text: `Offer ${form.code.toUpperCase()} made.`, error: false });
      setForm(empty);
      reload();
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : (error as Error).message, error: true });
    }
  };
  const field = (key: keyof typeof empty, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        data-testid={`code-${key}`}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <AdminLayout title="Offer Codes" path="/admin/codes" state={state}>
      <form
        className="account-form"
        data-testid="code-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {field('code', 'Code')}
        {field('name', 'Name')}
        <label>
          Plan
          <select
            data-testid="code-plan"
            value={form.plan}
            onChange={(e) => setForm({ ...form, plan: e.target.value })}
          >
            <option value="level1">Pro</option>
            <option value="team_flex">Team (price per seat, monthly)</option>
          </select>
        </label>
        {form.plan !== 'team_flex' && (
          <label>
            Cycle
            <select
              data-testid="code-cycle"
              value={form.cycle}
              onChange={(e) => setForm({ ...form, cycle: e.target.value })}
            >
              <option value="monthly">Monthly</option>
              <option value="annual">Annual</option>
            </select>
          </label>
        )}
        {field('price', 'Price in dollars', 'number')}
        {field('group_slug', 'Only for the account (slug, optional)')}
        {field('expires_at', 'Expires (optional)', 'date')}
        {message && (
          <p role="status" className={message.error ? 'error' : 'follow-message'}>
            {message.text}
          </p>
        )}
        <button
          type="submit"
          className="primary"
          data-testid="code-save"
          disabled={!form.code || !form.name || form.price === ''}
        >
          Make offer
        </button>
      </form>
      <div className="table-scroll" {...scrollRegion('Offer codes')}>
        <table className="admin-table" data-testid="admin-codes">
          <thead>
            <tr>
              <th>Code</th>
              <th>Name</th>
              <th>Plan</th>
              <th>Price</th>
              <th>Account</th>
              <th>Expires</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.code}>
                <td>{o.code}</td>
                <td>{o.name}</td>
                <td>
                  {o.plan}, {o.cycle}
                </td>
                <td>{formatUsd(o.price_cents)}</td>
                <td>{o.account ?? 'any'}</td>
                <td>{o.expires_at ? formatDate(o.expires_at) : 'never'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminLayout>
  );
}
