// The sign-up form's rules (spec accounts-billing.md section 5), from the server's own request schemas
// so the form and the server can never disagree: registration needs the password rule, a valid email,
// a name of 2+ characters and the terms; sign-in needs a valid email (and some password).
import { passwordIsValid, registerBody, signInBody } from '@parcel-map/contracts/people/accounts';
import type { AccountMode } from '../../state/account-tab.ts';

export interface AccountFormValues {
  name: string;
  email: string;
  password: string;
  jobTitle: string;
  industry: string;
  wantsEmail: boolean;
  terms: boolean;
}

export const emptyAccountForm: AccountFormValues = {
  name: '',
  email: '',
  password: '',
  jobTitle: '',
  industry: '',
  wantsEmail: false,
  terms: false,
};

export type AccountField = 'name' | 'email' | 'password' | 'terms';

export function emailIsValid(email: string): boolean {
  return signInBody.shape.email.safeParse(email).success;
}

/** The fields that keep the form from being sent, in form order (empty when it may be sent). */
export function missingFields(mode: AccountMode, values: AccountFormValues): AccountField[] {
  const missing: AccountField[] = [];
  if (mode === 'register' && values.name.trim().length < 2) missing.push('name');
  if (!emailIsValid(values.email)) missing.push('email');
  if (mode === 'register' ? !passwordIsValid(values.password) : values.password.length === 0) missing.push('password');
  if (mode === 'register' && !values.terms) missing.push('terms');
  return missing;
}

export function registerPayload(values: AccountFormValues, redirect: string | null) {
  const answers = {
    ...(values.jobTitle.trim() ? { job_title: values.jobTitle.trim() } : {}),
    ...(values.industry ? { industry: values.industry } : {}),
  };
  const body = {
    user: {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(Object.keys(answers).length > 0 ? { preferences: { profile_answers: answers } } : {}),
    },
    flow: 'free' as const,
    via: 'signup-signin',
    wants_email: values.wantsEmail,
    ...(redirect ? { redirect } : {}),
  };
  // The schema is the server's: a payload it would refuse is a bug here, not a user error.
  registerBody.parse(body);
  return body;
}

export function signInPayload(values: AccountFormValues, redirect: string | null) {
  return {
    email: values.email.trim(),
    password: values.password,
    via: 'signup-signin',
    ...(redirect ? { redirect } : {}),
  };
}
