// The store's place-list pager (spec: "Pagination shows up to 5 pages"): a window of at most five page
// links that moves with the current page, with First and Last, so every page of a long list (a state
// with more than 250 counties) is reachable by paging.
export const pagerWindow = 5;

/** The page numbers (0-based) shown around `page` of `pages`: at most five, the current one centred when it can be. */
export function windowOf(page: number, pages: number): number[] {
  const size = Math.min(pagerWindow, pages);
  const start = Math.max(0, Math.min(page - Math.floor(size / 2), pages - size));
  return Array.from({ length: size }, (_, i) => start + i);
}

export function StorePager(props: { page: number; pages: number; onPage: (page: number) => void }) {
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <nav className="store-pager" aria-label="Pages" data-testid="store-pager">
      <button type="button" className="button" disabled={page === 0} onClick={() => onPage(0)}>
        First
      </button>
      {windowOf(page, pages).map((i) => (
        <button
          key={i}
          type="button"
          className="button"
          aria-current={i === page ? 'page' : undefined}
          onClick={() => onPage(i)}
        >
          {i + 1}
        </button>
      ))}
      <button type="button" className="button" disabled={page === pages - 1} onClick={() => onPage(pages - 1)}>
        Last
      </button>
    </nav>
  );
}
