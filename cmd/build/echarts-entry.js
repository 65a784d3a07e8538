// The ECharts bundle of the attention visualizer: cmd/build bundles this module
// with esbuild (minified, IIFE) into web/echarts.js. It is the one list of the
// ECharts parts the page uses; the app reaches them through window.echarts.
// Add a chart or component here when the UI's options need one: ECharts
// ignores options for parts that are not registered.
import * as echarts from "echarts/core";
import { CustomChart, HeatmapChart, LineChart } from "echarts/charts";
import {
  GraphicComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from "echarts/components";
import { CanvasRenderer, SVGRenderer } from "echarts/renderers";
import HeatmapView from "echarts/lib/chart/heatmap/HeatmapView.js";

// ECharts 6.1's heatmap, drawn whole (not progressively: the app sets
// progressive 0), leaves useIncremental undefined, which getIncrementalId
// takes for true: every cell is then an incremental element, and zrender
// gives each heatmap two more canvases of the chart's size (zr_0.1, zr_0.2),
// which Chromium hands its compositor at every frame that paints, whether
// they changed or not (docs/performance.md, the Learn view, session 10).
// Drawn whole, the cells are ordinary elements of the chart's one canvas.
// A series with striped cells (a decal, the compare view's) keeps the
// layers: on the one canvas its stripes did not show (TestCompareStripes).
const renderOnGridLike = HeatmapView.prototype._renderOnGridLike;
HeatmapView.prototype._renderOnGridLike = function (seriesModel, api, start, end, useIncremental) {
  const incremental = useIncremental === true || hasDecal(seriesModel);
  return renderOnGridLike.call(this, seriesModel, api, start, end, incremental);
};

// hasDecal reports whether an item of the series' data has a decal.
function hasDecal(seriesModel) {
  const data = seriesModel.option.data;
  return Array.isArray(data) && data.some((d) => d && d.itemStyle && d.itemStyle.decal);
}

echarts.use([
  HeatmapChart,
  CustomChart, // a heatmap drawn as one image (app/heatmap_image.go)
  LineChart, // the scaling view's d_k sweep
  GraphicComponent, // the heatmaps' colour bars (app/heatmap_image.go, colourBar)
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer, // the SVG export of a chart (app/chart/export.go)
]);

window.echarts = echarts;
