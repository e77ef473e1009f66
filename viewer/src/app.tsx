// Lays out the map screen; behaviour lives in the features and map modules.
import { useAtomValue } from 'jotai';
import { AccountTab } from './features/accounts/account-tab.tsx';
import { LogoMenu } from './features/accounts/logo-menu.tsx';
import { AdminMenu } from './shell/admin-menu/admin-menu.tsx';
import { ColorsPanel } from './features/colors/colors-panel.tsx';
import { MapControls } from './shell/controls/map-controls.tsx';
import { SideNav } from './shell/controls/side-nav.tsx';
import { FocusAreasLayer } from './features/focus-areas/focus-areas-layer.ts';
import { FocusAreasPane } from './features/focus-areas/focus-areas-pane.tsx';
import { HelpModal } from './shell/help/help-modal.tsx';
import { BookmarkPins } from './features/follows/bookmark-pins.tsx';
import { HoverBar } from './shell/hover-bar/hover-bar.tsx';
import { InsightsTab } from './features/insights/insights-tab.tsx';
import { ExportTab } from './features/exports/export-tab.tsx';
import { SidePaneTabs } from './features/side-panes/side-pane-tabs.tsx';
import { WaterfallPanel } from './features/side-panes/waterfall-panel.tsx';
import { useKeyboard } from './shell/keyboard/use-keyboard.ts';
import { LayersPanel } from './features/layers-panel/layers-panel.tsx';
import { LegendPanel, MapLegend } from './features/legend/legend-panel.tsx';
import { CanadaNotice } from './shell/notices/canada-notice.tsx';
import { Alerts, ZoomNotices, ZoomReminder } from './shell/notices/notices.tsx';
import { ParcelPane } from './features/parcels/parcel-pane.tsx';
import { SidePaneSheet } from './shell/phone-layout/side-pane-sheet.tsx';
import { PlaceHeader } from './features/place-header/place-header.tsx';
import { PlaceUnavailable } from './features/place-request/place-unavailable.tsx';
import { PrintPane } from './features/print/print-pane.tsx';
import { NewProjectDialog, useNewProjectHash } from './features/projects/new-project-dialog.tsx';
import { ProjectHomePanel } from './features/projects/project-home-panel.tsx';
import { DatasetsLayer } from './features/follows/datasets-layer.ts';
import { FilterOptionsLoader } from './features/style-rules/filter-options-loader.tsx';
import { StyleRulesLayer } from './features/style-rules/style-rules-layer.ts';
import { StyleRulesPanel } from './features/style-rules/style-rules-panel.tsx';
import { SearchFeedbackModal } from './features/search-feedback/search-feedback-modal.tsx';
import { ToolsPanel } from './features/tools/tools-panel.tsx';
import { SurveyLive } from './features/surveys/survey-live.tsx';
import { SurveyPanel } from './features/surveys/survey-panel.tsx';
import type { FirstMap } from './map/first-map.ts';
import { MapView } from './map/map-view.tsx';
import { panelAtom } from './state/ui.ts';

const panels = {
  project: ProjectHomePanel,
  layers: LayersPanel,
  style: StyleRulesPanel,
  legend: LegendPanel,
  colors: ColorsPanel,
  tools: ToolsPanel,
  print: PrintPane,
  'focus-areas': FocusAreasPane,
  surveys: SurveyPanel,
} as const;

export function App({ firstMap }: { firstMap: FirstMap }) {
  useKeyboard();
  useNewProjectHash();
  const panel = useAtomValue(panelAtom);
  const Open = panel && panel !== 'help' ? panels[panel] : null;
  return (
    <div className="app">
      <MapView first={firstMap} />
      <StyleRulesLayer />
      <DatasetsLayer />
      <SurveyLive />
      <FilterOptionsLoader />
      <FocusAreasLayer />
      <SideNav />
      <AdminMenu />
      <PlaceHeader />
      <MapControls />
      {Open && (
        <div className="side-panel">
          <Open />
        </div>
      )}
      <MapLegend />
      <SidePaneSheet>
        <ParcelPane />
        <AccountTab />
      </SidePaneSheet>
      <InsightsTab />
      <ExportTab />
      <SidePaneTabs />
      <WaterfallPanel />
      <PlaceUnavailable />
      <LogoMenu />
      <ZoomNotices />
      <ZoomReminder />
      <CanadaNotice />
      <HoverBar />
      <BookmarkPins />
      <Alerts />
      <HelpModal />
      <SearchFeedbackModal />
      <NewProjectDialog />
    </div>
  );
}
