// The event that opens the "Help us Improve" modal with a search query (spec 2: it opens on an event
// carrying a search query), so the search box and anything else can ask for feedback without knowing
// the modal.
export const searchFeedbackEvent = 'parcel:search-feedback';

export interface SearchFeedbackDetail {
  query: string;
}

export function requestSearchFeedback(query: string): void {
  window.dispatchEvent(new CustomEvent<SearchFeedbackDetail>(searchFeedbackEvent, { detail: { query } }));
}
