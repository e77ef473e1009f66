// The sign-up form with its register and sign-in modes (spec accounts-billing.md sections 4, 5, 7): the
// submit button stays disabled, with the invalid-form tooltip, until the spec's rules hold; server
// errors show in a warning alert. Used by the side pane's #signup-signin tab and the invitation page.
import { industries, invalidFormTooltip, passwordHint } from '@parcel-map/contracts/people/accounts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { sendJson } from '../../api/client.ts';
import { Tooltip } from '../../ui/tooltip.tsx';
import type { AccountMode } from '../../state/account-tab.ts';
import {
  emptyAccountForm,
  missingFields,
  registerPayload,
  signInPayload,
  type AccountFormValues,
} from './validation.ts';
import { WarningAlert, warningOf, type Warning } from './warning-alert.tsx';

export interface AccountAnswer {
  user: { id: number; name: string; email: string };
  redirect_url: string | null;
}

function Field(props: { label: string; children: ReactNode; hint?: string; hintId?: string }) {
  return (
    <label className="account-field">
      <span className="account-label">{props.label}</span>
      {props.children}
      {props.hint && (
        <span id={props.hintId} className="muted small">
          {props.hint}
        </span>
      )}
    </label>
  );
}

export function AccountForm(props: {
  initialMode?: AccountMode;
  redirect?: string | null;
  onSuccess: (answer: AccountAnswer) => void | Promise<void>;
}) {
  const [mode, setMode] = useState<AccountMode>(props.initialMode ?? 'register');
  const [values, setValues] = useState<AccountFormValues>(emptyAccountForm);
  const [submitting, setSubmitting] = useState(false);
  const [warning, setWarning] = useState<Warning | null>(null);
  const hintId = useId();
  const missing = missingFields(mode, values);
  const valid = missing.length === 0;
  const set = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const register = mode === 'register';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    setWarning(null);
    try {
      const redirect = props.redirect ?? null;
      const answer = register
        ? await sendJson<AccountAnswer>('POST', '/users.json', registerPayload(values, redirect))
        : await sendJson<AccountAnswer>('POST', '/users/sign_in.json', signInPayload(values, redirect));
      await props.onSuccess(answer);
    } catch (error) {
      setWarning(warningOf((error as Error).message));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className="account-form"
      data-testid="account-form"
      data-mode={mode}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <div className="account-modes" role="tablist" aria-label="Account">
        <button
          type="button"
          role="tab"
          aria-selected={register}
          className={`account-mode ${register ? 'active' : ''}`}
          data-testid="mode-register"
          onClick={() => setMode('register')}
        >
          Create Account
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={!register}
          className={`account-mode ${register ? '' : 'active'}`}
          data-testid="mode-sign-in"
          onClick={() => setMode('sign_in')}
        >
          Sign In
        </button>
      </div>
      <WarningAlert warning={warning} />
      {register && (
        <Field label="Name">
          <input
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            aria-invalid={missing.includes('name')}
          />
        </Field>
      )}
      <Field label="Email">
        <input
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          aria-invalid={missing.includes('email')}
        />
      </Field>
      <Field label="Password" hint={register ? passwordHint : undefined} hintId={hintId}>
        <input
          name="password"
          type="password"
          autoComplete={register ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          aria-invalid={missing.includes('password')}
          aria-describedby={register ? hintId : undefined}
        />
      </Field>
      {register && (
        <>
          <Field label="Job title (optional)">
            <input
              name="job_title"
              autoComplete="organization-title"
              value={values.jobTitle}
              onChange={(e) => set('jobTitle', e.target.value)}
            />
          </Field>
          <Field label="Industry (optional)">
            <select
              name="industry"
              value={values.industry}
              onChange={(e) => set('industry', e.target.value)}
              data-testid="industry"
            >
              <option value="">Choose your industry</option>
              {industries.map((i) => (
                <option key={i} value={i}>
                  {i}
                </option>
              ))}
            </select>
          </Field>
          <label className="toggle">
            <input
              type="checkbox"
              name="wants_email"
              checked={values.wantsEmail}
              onChange={(e) => set('wantsEmail', e.target.checked)}
            />
            <span>Email me product news and tips</span>
          </label>
          <label className="toggle">
            <input
              type="checkbox"
              name="terms"
              data-testid="terms"
              checked={values.terms}
              onChange={(e) => set('terms', e.target.checked)}
            />
            <span>
              I agree to the{' '}
              <a href="/hs/terms" target="_blank" rel="noopener">
                Terms of Use
              </a>{' '}
              and the{' '}
              <a href="/hs/terms/privacy" target="_blank" rel="noopener">
                Privacy Policy
              </a>
            </span>
          </label>
        </>
      )}
      <span className="submit-wrap" data-testid="submit-wrap">
        <Tooltip content={valid ? undefined : invalidFormTooltip} disabled testId="account-submit-hint">
          <button
            type="submit"
            className="button primary"
            data-testid="account-submit"
            disabled={!valid || submitting}
            aria-describedby={valid ? undefined : `${hintId}-invalid`}
          >
            {submitting ? 'Please wait...' : register ? 'Sign Up' : 'Sign In'}
          </button>
        </Tooltip>
        {!valid && (
          <span id={`${hintId}-invalid`} className="visually-hidden">
            {invalidFormTooltip}
          </span>
        )}
      </span>
      <p className="account-links small">
        {register ? (
          <>
            Already have an account?{' '}
            <button type="button" className="link-button" onClick={() => setMode('sign_in')}>
              Sign in
            </button>
          </>
        ) : (
          <>
            New here?{' '}
            <button type="button" className="link-button" onClick={() => setMode('register')}>
              Create an account
            </button>
          </>
        )}
        {' · '}
        <a href="/users/password/new" data-testid="forgot-password">
          Forgot your password?
        </a>
      </p>
    </form>
  );
}
