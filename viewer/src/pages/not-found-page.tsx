// The "not found" page of the page routes: an unknown legal text, or an admin page for someone who is
// not an admin (the server answers 404 there, and so does the page: no hint that it exists).
import './page.css';

export function NotFoundPage({ message }: { message?: string }) {
  return (
    <div className="page" data-testid="not-found-page">
      <main className="page-main page-narrow">
        <h1>Page not found</h1>
        <p>{message ?? 'The page you asked for does not exist, or you may not see it.'}</p>
        <p>
          <a href="/">Back to the map</a>
        </p>
      </main>
    </div>
  );
}
