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
