// Draws the picture of the first heatmap (app/first_picture.go): reads the
// ECharts option of the heatmap on stdin, as the page hands it to ECharts,
// and writes on stdout the SVG that ECharts' server-side rendering makes of
// it in a square of the side given as the argument, with the option's media
// rule for that width applied as app/chart_media.go applies it in the page.
// cmd/build runs it (first_picture.go) with the ECharts of node_modules.
"use strict";

const echarts = require("echarts");

// matchMedia is app/chart_media.go's: the first entry whose query takes
// width, else the first without a query.
function matchMedia(media, width) {
  let fallback = null;
  for (const m of media) {
    const q = m.query;
    if (!q || typeof q !== "object") {
      fallback = fallback || m;
      continue;
    }
    if (typeof q.minWidth === "number" && width < q.minWidth) continue;
    if (typeof q.maxWidth === "number" && width > q.maxWidth) continue;
    return m;
  }
  return fallback;
}

// merge is app/chart_media.go's mergeOption: objects key by key, arrays
// index by index, anything else replaced.
function merge(dst, src) {
  for (const key of Object.keys(src)) {
    const s = src[key], d = dst[key];
    if (Array.isArray(s) && Array.isArray(d)) {
      s.forEach((v, i) => {
        if (i < d.length && isObject(d[i]) && isObject(v)) merge(d[i], v);
        else d[i] = v;
      });
    } else if (isObject(s) && isObject(d)) {
      merge(d, s);
    } else {
      dst[key] = s;
    }
  }
}

// walk calls f on every object in v.
function walk(v, f) {
  if (Array.isArray(v)) {
    v.forEach((x) => walk(x, f));
  } else if (isObject(v)) {
    f(v);
    Object.values(v).forEach((x) => walk(x, f));
  }
}

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const side = Number(process.argv[2]);
  if (!(side > 0)) throw new Error("usage: node first-heatmap.cjs SIDE < option.json > picture.svg");
  const option = JSON.parse(input);
  const media = option.media;
  delete option.media;
  if (Array.isArray(media)) {
    const m = matchMedia(media, side);
    if (m) merge(option, m.option);
  }
  // ECharts' SVG puts font families into style attributes as they are:
  // their double quotes would end the attribute.
  walk(option, (obj) => {
    if (typeof obj.fontFamily === "string") obj.fontFamily = obj.fontFamily.replaceAll('"', "'");
  });
  // A picture: no hover.
  for (const s of [].concat(option.series || [])) {
    s.silent = true;
    s.emphasis = { disabled: true };
  }
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: side, height: side });
  chart.setOption(option);
  // Without the hover styles that ECharts' SVG would carry.
  const svg = chart.getZr().painter.renderToString({ cssEmphasis: false, useViewBox: true });
  chart.dispose();
  // ECharts' SSR keeps a timer running: end once the SVG is written.
  process.stdout.write(svg, () => process.exit(0));
});
