// Browser tests of the account screens: the #signup-signin tab (sign up, sign out, sign in, the warning
// alert), the logo menu and the profile entry, and the Members Dashboard inviting someone who joins.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { openView, useHarness } from './harness.ts';
import { mailedLink, registerIn, setPlan, testEmail } from './accounts-helpers.ts';
import { hoverTooltip } from './tooltip.ts';

const harness = useHarness();
const cambridge = { zoom: 14, lat: 42.375, lon: -71.11 };

describe('accounts', () => {
  it('signs up in the tab, shows the name in the logo menu and the profile entry, signs out and signs in again', async () => {
    const tp = await openView(harness(), cambridge);
    const { page } = tp;
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('nav-sign-up').click();
    const tab = page.getByTestId('account-tab');
    await tab.waitFor();
    // The form starts invalid: the submit button is disabled and explains why.
    const submit = page.getByTestId('account-submit');
    expect(await submit.isDisabled()).toBe(true);
    expect(await hoverTooltip(page.getByTestId('account-submit-hint'))).toBe(
      'required information missing - please fill out to proceed',
    );
    expect(await tab.textContent()).toContain(
      'Use at least 8 characters (up to 128); a common password such as "password1" is refused.',
    );
    expect(await page.getByTestId('industry').locator('option').count()).toBe(29);
    expect(await tab.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/hs/terms');
    expect(await tab.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/hs/terms/privacy');

    const email = testEmail('signup');
    await tab.locator('input[name=name]').fill('Grace Hopper');
    await tab.locator('input[name=email]').fill(email);
    await tab.locator('input[name=password]').fill('secret');
    expect(await submit.isDisabled()).toBe(true);
    await tab.locator('input[name=password]').fill('secret-pass-1');
    await tab.locator('input[name=job_title]').fill('Surveyor');
    await page.getByTestId('industry').selectOption('Land Surveying');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('terms').check();
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(page, 'accounts-sign-up-tab');
    await submit.click();
    await tab.waitFor({ state: 'detached' });

    // The session now names the new user: the profile entry and the logo menu say so. (Sign Up closed
    // the side navigation, which would cover the tab.)
    expect(await page.getByTestId('side-nav').count()).toBe(0);
    await page.getByTestId('nav-toggle').click();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Grace Hopper');
    expect(await page.getByTestId('nav-upgrade').getAttribute('href')).toBe('/plans#p=level1');
    expect(await page.getByTestId('logo-button').getAttribute('data-plan')).toBe('starter');
    await page.getByTestId('logo-button').click();
    expect(await page.getByTestId('logo-user-name').textContent()).toBe('Grace Hopper');
    expect(await page.getByTestId('logo-upgrade').getAttribute('href')).toBe('/plans#p=level1');
    await page.getByTestId('logo-promo').waitFor();
    expect(await page.getByTestId('logo-account-block').count()).toBe(0);
    await screenshot(page, 'accounts-logo-menu');

    // Sign out carries the page's address as return_to, and the map stays.
    const signOut = page.waitForResponse((r) => r.url().includes('/users/sign_out.json'));
    await page.getByTestId('sign-out').click();
    expect(new URL((await signOut).url()).searchParams.get('return_to')).toBe('/');
    // The menu shows the signed-out state only once the session is read again (slow on a loaded
    // machine): the user's name leaves it first, then the menu is opened if sign-out closed it.
    await page.getByTestId('logo-user-name').waitFor({ state: 'detached' });
    if (!(await page.getByTestId('logo-sign-in').isVisible())) await page.getByTestId('logo-button').click();
    await page.getByTestId('logo-sign-in').click();
    await tab.waitFor();
    expect(await page.getByTestId('account-form').getAttribute('data-mode')).toBe('sign_in');
    expect(await page.getByTestId('profile-entry').count()).toBe(0);

    await tab.locator('input[name=email]').fill(email);
    await tab.locator('input[name=password]').fill('secret-pass-1');
    await page.getByTestId('account-submit').click();
    await tab.waitFor({ state: 'detached' });
    await page.getByTestId('logo-button').click();
    expect(await page.getByTestId('logo-user-name').textContent()).toBe('Grace Hopper');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('shows a wrong password in a warning alert that goes away after 5 seconds', async () => {
    const h = harness();
    const email = testEmail('wrong');
    const other = await h.browser.newContext();
    await registerIn(other, h.server.origin, { name: 'Wrong Password', email });
    await other.close();
    const tp = await openPage(h.browser, h.server.origin);
    await tp.page.goto(`${h.server.origin}/#signup-signin&mode=sign_in`);
    const tab = tp.page.getByTestId('account-tab');
    await tab.locator('input[name=email]').fill(email);
    await tab.locator('input[name=password]').fill('not-the-password1');
    // The page itself notes when the alert appears and goes, so a slow test runner cannot stretch or
    // shorten the measured 5 seconds (Playwright's polling may see the alert late on a loaded machine).
    await tp.page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { alertTimes: typeof times }).alertTimes = times;
      const present = () => document.querySelector('[data-testid=account-tab] [data-testid=warning-alert]') !== null;
      new MutationObserver(() => {
        if (times.shown === undefined && present()) times.shown = performance.now();
        else if (times.shown !== undefined && times.gone === undefined && !present()) times.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await tp.page.getByTestId('account-submit').click();
    const alert = tab.getByTestId('warning-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid email or password.');
    expect(await alert.getAttribute('class')).toContain('alert-warning');
    await screenshot(tp.page, 'accounts-wrong-password');
    await alert.waitFor({ state: 'detached', timeout: 10_000 });
    const shownFor = await tp.page.evaluate(() => {
      const { shown = 0, gone = 0 } = (window as unknown as { alertTimes: { shown?: number; gone?: number } })
        .alertTimes;
      return gone - shown;
    });
    expect(shownFor).toBeGreaterThan(4_000);
    expect(shownFor).toBeLessThan(8_000);
    // Still signed out, and the form keeps what was typed.
    expect(await tab.locator('input[name=email]').inputValue()).toBe(email);
    await tp.context.close();
  });

  it('lets a Team manager invite someone on the Members Dashboard who joins through the mailed link', async () => {
    const h = harness();
    const manager = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const managerEmail = testEmail('manager');
    const managerId = await registerIn(manager, h.server.origin, { name: 'Mary Manager', email: managerEmail });
    const groupName = `Acme Land ${Date.now().toString(36)}`;
    await setPlan(h, managerId, { tier: 'team', seats: 3, group_name: groupName });

    // On the map the manager's profile entry names the group, and the logo menu leads to its pages.
    const page = await manager.newPage();
    await page.goto(`${h.server.origin}/#base=street&map=14/42.375/-71.11`);
    // At 1200 px a group member's navigation opens by itself (a click on the toggle would close it).
    await page.getByTestId('side-nav').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('profile-group').textContent()).toBe(groupName);
    expect(await page.getByTestId('nav-projects').getAttribute('href')).toBe('/profile');
    expect(await page.getByTestId('logo-button').getAttribute('data-plan')).toBe('team');
    await page.getByTestId('logo-button').click();
    const billing = await page.getByTestId('logo-billing').getAttribute('href');
    expect(billing).toMatch(/^\/g\/acme-land-[a-z0-9-]+\/settings\/billing$/);
    expect(await page.getByTestId('logo-dashboard').getAttribute('href')).toBe(
      billing!.replace('/settings/billing', '/dashboard'),
    );
    expect(await page.getByTestId('logo-upgrade').count()).toBe(0);
    await page.getByTestId('logo-members').click();
    await page.waitForURL((url) => url.pathname === '/users');
    expect(await page.getByTestId('members-group').textContent()).toBe(groupName);
    expect(await page.getByTestId('seats').textContent()).toBe('1 of 3 seats used');
    const inviteeEmail = testEmail('invitee');
    await page.locator('input[name=invite_email]').fill(inviteeEmail);
    await page.getByTestId('invite-send').click();
    await page.getByTestId('invite-sent').waitFor();
    await page.getByTestId('seats').filter({ hasText: '2 of 3 seats used' }).waitFor();
    expect(await page.getByTestId('invitation-list').textContent()).toContain(inviteeEmail);

    // The invitee opens the mailed link, signs up there, and joins.
    const link = await mailedLink(h, inviteeEmail, '/users/invitation?token=');
    expect(link).not.toBeNull();
    const invitee = await h.browser.newContext({ viewport: { width: 390, height: 800 } });
    const invited = await invitee.newPage();
    await invited.goto(link!);
    const form = invited.getByTestId('account-form');
    await form.locator('input[name=name]').fill('Ivy Invitee');
    await form.locator('input[name=email]').fill(inviteeEmail);
    await form.locator('input[name=password]').fill('secret-pass-1');
    await invited.getByTestId('terms').check();
    await invited.getByTestId('account-submit').click();
    await invited.getByTestId('accept-invitation').click();
    expect(await invited.getByTestId('joined-group').textContent()).toBe(groupName);
    await screenshot(invited, 'accounts-invitation-joined-phone');
    // A member who is not a manager gets a clear answer on the dashboard.
    await invited.goto(`${h.server.origin}/users`);
    expect(await invited.getByTestId('members-refused').textContent()).toBe(
      'Only available to managers. Please contact your account admin to change your user permissions.',
    );
    await invitee.close();

    // The manager sees the new member, makes them a manager, then removes them after confirming.
    await page.reload();
    const row = page.locator(`[data-testid=member-row][data-email="${inviteeEmail.toLowerCase()}"]`);
    await row.waitFor();
    expect(await page.getByTestId('seats').textContent()).toBe('2 of 3 seats used');
    const roleSaved = page.waitForResponse(
      (r) => r.url().includes('/users/members/') && r.request().method() === 'PUT',
    );
    await row.getByTestId('member-role').selectOption('manager');
    expect((await roleSaved).status()).toBe(200);
    // The list reloads after the change; the select shows what the server now holds.
    await expect.poll(() => row.getByTestId('member-role').inputValue(), { timeout: 10_000 }).toBe('manager');
    await screenshot(page, 'accounts-members-dashboard');
    await row.getByTestId('member-remove').click();
    expect(await page.getByTestId('remove-member-dialog').textContent()).toContain('Ivy Invitee');
    await page.getByTestId('confirm-remove').click();
    await row.waitFor({ state: 'detached' });

    // With every seat taken, the server's answer stays with a link to the billing page.
    for (const tag of ['second', 'third', 'fourth']) {
      const next = testEmail(tag);
      await page.locator('input[name=invite_email]').fill(next);
      await page.getByTestId('invite-send').click();
      if (tag === 'fourth') await page.getByTestId('invite-warning').waitFor();
      else await page.getByTestId('invite-sent').filter({ hasText: next }).waitFor();
    }
    expect(await page.getByTestId('seats').textContent()).toBe('3 of 3 seats used');
    const warning = page.getByTestId('invite-warning');
    expect(await warning.textContent()).toContain('seats of this account are taken');
    expect(await warning.getByRole('link').getAttribute('href')).toMatch(
      /^\/g\/acme-land-[a-z0-9-]+\/settings\/billing$/,
    );
    // Revoke (low 20): an open invitation is withdrawn and its seat is free again.
    const firstInvitation = page.getByTestId('invitation-row').first();
    const withdrawn = (await firstInvitation.textContent())!.split(' ')[0]!;
    await firstInvitation.getByTestId('invitation-revoke').click();
    await page.getByTestId('seats').filter({ hasText: '2 of 3 seats used' }).waitFor();
    expect(await page.getByTestId('invitation-list').textContent()).not.toContain(withdrawn);
    await manager.close();
  });
  it('resets a forgotten password from the mailed link once, and brings a signed-out visitor of /users/edit back after signing in', async () => {
    const h = harness();
    const email = testEmail('reset');
    const tp = await openPage(h.browser, h.server.origin);
    const { page } = tp;
    await registerIn(tp.context, h.server.origin, { name: 'Rita Reset', email });
    await tp.context.clearCookies();

    // The same answer whether or not the email has an account.
    const answers: string[] = [];
    for (const address of [testEmail('nobody'), email]) {
      await page.goto(`${h.server.origin}/users/password/new`);
      await page.locator('input[name=email]').fill(address);
      await page.getByTestId('reset-send').click();
      answers.push((await page.getByTestId('reset-sent').textContent()) ?? '');
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toContain('If that email has an account');

    const link = await mailedLink(h, email, '/users/password/edit?reset_password_token=');
    expect(link).not.toBeNull();
    const choose = async () => {
      await page.goto(link!);
      await page.locator('input[name=password]').fill('brand-new2');
      await page.locator('input[name=password_confirmation]').fill('brand-new2');
      await page.getByTestId('password-save').click();
    };
    await choose();
    await page.getByTestId('password-changed').waitFor();
    await tp.context.clearCookies();
    await choose();
    expect(await page.getByTestId('reset-expired').textContent()).toContain('expired or was already used');

    await page.goto(`${h.server.origin}/users/edit`);
    await page.waitForURL((url) => url.pathname === '/' && url.hash.startsWith('#signup-signin'));
    const tab = page.getByTestId('account-tab');
    expect(await page.getByTestId('account-form').getAttribute('data-mode')).toBe('sign_in');
    await tab.locator('input[name=email]').fill(email);
    await tab.locator('input[name=password]').fill('brand-new2');
    await page.getByTestId('account-submit').click();
    await page.waitForURL((url) => url.pathname === '/users/edit');
    await page.waitForFunction(
      () => (document.querySelector('input[name=name]') as HTMLInputElement | null)?.value === 'Rita Reset',
    );
    // The used link's 400 is the one failed request the browser logs.
    expect(tp.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await tp.context.close();
  });
});
