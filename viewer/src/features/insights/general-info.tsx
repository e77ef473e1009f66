// General Info: the place highlights, the encyclopedia extract, Buy Data Files, Ask A.I. and Native Land.
import type { InsightsPayload } from '@parcel-map/contracts/map/insights';
import { AskAi } from './ask-ai.tsx';
import { formatCurrency, formatNumber, formatShare } from './format.ts';

export const noWikipediaText = "Oops! We couldn't find a Wikipedia page for this place.";

export function GeneralInfo({ data }: { data: InsightsPayload }) {
  const n = data.numeric;
  const rows: [string, string, string][] = [
    ['Parcels', formatNumber(n.parcels, true), 'parcels'],
    ['Total Acreage', formatNumber(n.total_acres), 'total_acres'],
    ['Median Parcel Acreage', formatNumber(n.median_acres), 'median_acres'],
    ['Median Assessed Value', formatCurrency(n.median_value), 'median_value'],
    ['Total Assessed Value', formatCurrency(n.total_value), 'total_value'],
    ['Median Year Built', n.median_year_built === null ? 'No data' : String(n.median_year_built), 'median_year_built'],
    ['Mailing Address Differs from Site', formatShare(n.mail_differs_share), 'mail_differs_share'],
    ['Parcels with Structures', formatShare(n.structure_share), 'structure_share'],
  ];
  return (
    <div className="insights-general">
      {data.placeInfo.synthetic && (
        <p className="muted small" data-testid="insights-synthetic">
          Synthetic data: these figures describe generated test parcels.
        </p>
      )}
      <h3>Place Highlights</h3>
      <dl className="insights-highlights" data-testid="insights-highlights">
        {rows.map(([label, value, key]) => (
          <div key={key} className="insights-highlight" data-highlight={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <section className="insights-card" data-testid="insights-wikipedia">
        <h3>About {data.placeInfo.name}</h3>
        {data.wikipedia ? (
          <>
            <p>{data.wikipedia.extract}</p>
            {data.wikipedia.link && (
              <a href={data.wikipedia.link} target="_blank" rel="noreferrer">
                Read more on Wikipedia
              </a>
            )}
          </>
        ) : (
          <p className="muted">
            {noWikipediaText}
            {!data.providers.wikipedia && (
              <span className="small" data-testid="wikipedia-unconfigured">
                {' '}
                (This server has no encyclopedia source set up.)
              </span>
            )}
          </p>
        )}
      </section>

      <section className="insights-card" data-testid="insights-buy-data">
        <h3>Buy Data Files</h3>
        <p>Download the parcel data for {data.placeInfo.headline} and other places from our data store.</p>
        <a className="button" href="/store">
          Shop Data Store
        </a>
      </section>

      <AskAi key={data.placeInfo.path} path={data.placeInfo.path} configured={data.providers.ai} />

      <section className="insights-card" data-testid="insights-native-land">
        <h3>Native Land</h3>
        {data.nativeLand.items.length > 0 ? (
          <>
            <p className="small">Traditional lands at this place, from Native Land Digital:</p>
            <ul>
              {data.nativeLand.items.map((item) => (
                <li key={item.id}>
                  {item.link ? (
                    <a href={item.link} target="_blank" rel="noreferrer">
                      {item.headline}
                    </a>
                  ) : (
                    item.headline
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted small">
            {data.providers.nativeLand
              ? 'No traditional lands are listed for this place.'
              : 'Native Land data is not set up on this server.'}
          </p>
        )}
      </section>
    </div>
  );
}
