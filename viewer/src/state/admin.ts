// Admin-only map screen state shared by the admin menu (which toggles it) and the map controls (which
// show the zoom level): the zoom-level display, on by default for admins, remembered in this browser.
import { atomWithStorage } from 'jotai/utils';

export const zoomDisplayAtom = atomWithStorage('parcel_admin_zoom_display', true, undefined, { getOnInit: true });
