// Package chart draws heatmaps and line charts with ECharts: the options
// (go-echarts), the pictures of large heatmaps and thumbnails, and the
// go-app components (Chart, HeatmapGrid) that bridge to ECharts in the
// browser. It knows nothing of attention, the state or the languages: the
// views hand it labels and numbers.
package chart
