import { describe, expect, it } from 'vitest';
import { industries } from '@parcel-map/contracts/people/accounts';
import { accountTabUrl, parseAccountHash } from '../../state/account-tab.ts';
import { emailIsValid, emptyAccountForm, missingFields, registerPayload, signInPayload } from './validation.ts';

const complete = {
  ...emptyAccountForm,
  name: 'Ada',
  email: 'ada@example.org',
  password: 'quiet-harbor-7',
  terms: true,
};

describe('sign-up form validation', () => {
  it('accepts a registration with a name of 2+ characters, a valid email, a password of 8+ characters and agreed terms', () => {
    expect(missingFields('register', complete)).toEqual([]);
  });

  it('names every missing piece of a registration in form order', () => {
    expect(missingFields('register', emptyAccountForm)).toEqual(['name', 'email', 'password', 'terms']);
    expect(missingFields('register', { ...complete, name: ' A ' })).toEqual(['name']);
    expect(missingFields('register', { ...complete, terms: false })).toEqual(['terms']);
  });

  it('M7: needs 8 to 128 characters in a new password, not a common one, and no particular kinds of character', () => {
    expect(missingFields('register', { ...complete, password: 'abcd!12' })).toEqual(['password']);
    expect(missingFields('register', { ...complete, password: 'Password1' })).toEqual(['password']);
    expect(missingFields('register', { ...complete, password: 'zzzzzzzzzz' })).toEqual(['password']);
    expect(missingFields('register', { ...complete, password: 'x'.repeat(7) + 'y'.repeat(122) })).toEqual(['password']);
    expect(missingFields('register', { ...complete, password: 'correct horse battery' })).toEqual([]);
    expect(missingFields('register', { ...complete, password: 'abcdefgk' })).toEqual([]);
  });

  it('checks only the email (and that a password was typed) when signing in', () => {
    expect(missingFields('sign_in', { ...emptyAccountForm, email: 'ada@example.org', password: 'x' })).toEqual([]);
    expect(missingFields('sign_in', { ...emptyAccountForm, email: 'ada@example', password: 'x' })).toEqual(['email']);
    expect(missingFields('sign_in', { ...emptyAccountForm, email: 'ada@example.org' })).toEqual(['password']);
  });

  it('tells valid emails from broken ones like the server does', () => {
    expect(emailIsValid(' Ada@Example.org ')).toBe(true);
    for (const bad of ['', 'ada', 'ada@', 'ada@example', 'a da@example.org']) expect(emailIsValid(bad)).toBe(false);
  });

  it('sends profile answers only when given, and the redirect when there is one', () => {
    expect(registerPayload(complete, null)).toEqual({
      user: { name: 'Ada', email: 'ada@example.org', password: 'quiet-harbor-7' },
      flow: 'free',
      via: 'signup-signin',
      wants_email: false,
    });
    const full = registerPayload(
      { ...complete, jobTitle: ' Surveyor ', industry: industries[16], wantsEmail: true },
      '/users/edit',
    );
    expect(full.user.preferences).toEqual({ profile_answers: { job_title: 'Surveyor', industry: 'Land Surveying' } });
    expect(full).toMatchObject({ wants_email: true, redirect: '/users/edit' });
    expect(signInPayload({ ...complete, email: ' ada@example.org ' }, null)).toEqual({
      email: 'ada@example.org',
      password: 'quiet-harbor-7',
      via: 'signup-signin',
    });
  });

  it('offers the 28 industries from Academia to Other', () => {
    expect(industries).toHaveLength(28);
    expect([industries[0], industries[27]]).toEqual(['Academia', 'Other']);
  });
});

describe('the #signup-signin hash', () => {
  it('opens the register form by default and the sign-in form with mode=sign_in', () => {
    expect(parseAccountHash('#signup-signin')).toEqual({ mode: 'register', redirect: null });
    expect(parseAccountHash('#signup-signin&mode=sign_in&redirect=%2Fusers%2Fedit')).toEqual({
      mode: 'sign_in',
      redirect: '/users/edit',
    });
    expect(parseAccountHash('#base=street&map=13/42/-71')).toBeNull();
  });

  it('drops redirects that leave the site', () => {
    expect(parseAccountHash('#signup-signin&redirect=https://evil.example')?.redirect).toBeNull();
    expect(parseAccountHash('#signup-signin&redirect=//evil.example')?.redirect).toBeNull();
  });

  it('Low 1: drops a redirect that a browser would take off the site once it strips tabs and newlines', () => {
    for (const sneaky of [
      '/%09/evil.example',
      '/%0A/evil.example',
      '/%5C/evil.example',
      '/%5Cevil.example',
      '%2F%2Fevil.example',
    ]) {
      expect(parseAccountHash(`#signup-signin&redirect=${sneaky}`)?.redirect, sneaky).toBeNull();
    }
    expect(parseAccountHash('#signup-signin&redirect=%2Fus%2Fma%3Fq%3D%2F%2Fx')?.redirect).toBe('/us/ma?q=//x');
  });

  it('writes addresses that read back the same', () => {
    const url = accountTabUrl({ mode: 'sign_in', redirect: '/users/invitation?token=abc' });
    expect(url).toBe('/#signup-signin&mode=sign_in&redirect=%2Fusers%2Finvitation%3Ftoken%3Dabc');
    expect(parseAccountHash(url.slice(1))).toEqual({ mode: 'sign_in', redirect: '/users/invitation?token=abc' });
    expect(accountTabUrl()).toBe('/#signup-signin');
  });
});
