// /settings and /g/{group}/settings (the logo menu's Settings): the account's settings in one place,
// each leading to the page that edits it: the profile (name, email, password), map preferences (the
// map's #settings tab, units, the property-details fields), notifications (follows), and for a group
// its billing and members.
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';
import './account-pages.css';

export function SettingsPage() {
  const session = useSignedInSession();
  if (!session)
    return (
      <PageFrame title="Settings" testId="settings-page">
        <p className="muted">Loading...</p>
      </PageFrame>
    );
  const { user, group } = session;
  return (
    <PageFrame title="Settings" testId="settings-page">
      <div className="dashboard-grid">
        <section className="dashboard-card" data-testid="settings-profile">
          <h2>Profile</h2>
          <dl className="settings-list">
            <dt>Name</dt>
            <dd data-testid="settings-name">{user!.name}</dd>
            <dt>Email</dt>
            <dd>{user!.email}</dd>
            <dt>Plan</dt>
            <dd>{group ? `${session.display_level} (${group.name})` : 'Starter (free)'}</dd>
          </dl>
          <a href="/users/edit">Edit User Info</a>
        </section>
        <section className="dashboard-card" data-testid="settings-preferences">
          <h2>Preferences</h2>
          <p className="small">Base map, labels, boundaries and measurement units are set on the map.</p>
          <ul>
            <li>
              <a href="/#settings" data-testid="settings-map-link">
                Map settings and units
              </a>
            </li>
            <li>
              <a href="/settings/property-details">Property details fields</a>
            </li>
          </ul>
        </section>
        <section className="dashboard-card" data-testid="settings-notifications">
          <h2>Notifications</h2>
          <p className="small">Follow places and parcels to hear about their changes.</p>
          <a href="/notify/follows">Follows</a>
        </section>
        {group && (
          <section className="dashboard-card" data-testid="settings-group">
            <h2>{group.name}</h2>
            <ul>
              <li>
                <a href={`${group.path}/settings/billing`}>Billing</a>
              </li>
              {group.is_manager && (
                <li>
                  <a href="/users">Members</a>
                </li>
              )}
              <li>
                <a href={`${group.path}/dashboard`}>Dashboard</a>
              </li>
            </ul>
          </section>
        )}
      </div>
    </PageFrame>
  );
}
