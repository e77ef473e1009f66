// The admin pages, shared by the admin menu on the map and the admin pages' own navigation. The spec's
// /admin/sidekiq has no page: the job queue is on /admin/metrics.
export const adminLinks = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/map', label: 'Map' },
  { href: '/admin/notify', label: 'Notify' },
  { href: '/admin/pages', label: 'Pages' },
  { href: '/admin/neighborhoods/new', label: 'New Neighborhood' },
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/user_profiles', label: 'User Profiles' },
  { href: '/admin/requests', label: 'Place Requests' },
  { href: '/admin/bulk_requests', label: 'Bulk Licence Requests' },
  { href: '/admin/search_feedback', label: 'Search Feedback' },
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/codes', label: 'Offer Codes' },
  { href: '/admin/api_trials', label: 'API Trials' },
  { href: '/admin/imports_exports/running', label: 'Imports' },
  { href: '/admin/metrics', label: 'Metrics' },
] as const;
