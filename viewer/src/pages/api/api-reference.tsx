// The browsable reference of the public API on /api: Swagger UI over /api/openapi.json, loaded (with
// its stylesheet) only when this section mounts, so no other page pays for it.
import { useEffect, useRef, useState } from 'react';

export const openApiUrl = '/api/openapi.json';

export function ApiReference() {
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('./swagger-ui.ts')
      .then(({ renderSwaggerUi }) => {
        if (live && host.current) renderSwaggerUi(host.current, openApiUrl);
      })
      .catch((error: unknown) => setProblem(`The API reference could not load: ${(error as Error).message}`));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="account-card api-reference" data-testid="api-reference">
      <h2>API reference</h2>
      <p className="small">
        Every public route: tiles, TileJSON, styles, sources, search, places, records and the parcel API (
        <a href={openApiUrl} data-testid="api-openapi">
          OpenAPI 3.1 document
        </a>
        ).
      </p>
      {problem && <p className="error">{problem}</p>}
      <div ref={host} />
    </section>
  );
}
