package app

import (
	"errors"

	"github.com/attnviz/attnviz/attention"
)

// The picture of the first heatmap.
//
// A first visit waits for app.wasm (2.5 MB gzip) to download, compile and
// start before ECharts can draw a chart: seconds on a school's shared
// connection. Meanwhile the page that go-app pre-rendered shows, in the
// main chart, a picture of the heatmap a first visit opens (the example
// sentence, in English, with the default settings): ECharts' own drawing of
// FirstHeatmapOption, which cmd/build makes at build time with ECharts in
// Node and writes to FirstPicture. When the wasm mounts, go-app replaces the
// pre-rendered page, picture and all, with the live one, drawn at once.
//
// The picture is ECharts' SVG, the live chart its canvas: they look alike,
// not the same to the pixel. The picture is laid out for a chart 600 px
// wide and scaled: on a chart narrower than 428 px (a phone) it shows
// numbers in its cells that the live chart leaves out, and on one wider
// than 801 px its column labels are turned where the live chart's stand.
//
// The picture is right only for that page, so FirstPictureScript, in the
// page's head, hides it before the first paint when the page will open
// anything else: a link with settings, or Chinese.

// FirstPicture is the path, under the site's root, of the picture. web/app.css
// names it, as the background of the main chart's span.chart-picture.
const FirstPicture = "/web/first-heatmap.svg"

// FirstPictureSize is the width and the height, in CSS pixels, of the square
// the picture is drawn in; the page scales it to the chart's size.
const FirstPictureSize = 600

// FirstPictureTiming is the picture's elementtiming attribute: the bench
// reads when it was painted from the PerformanceElementTiming entry of that
// name.
const FirstPictureTiming = "attnviz:first-heatmap"

// noFirstPicture is the class FirstPictureScript gives <html> to hide the
// picture (web/app.css).
const noFirstPicture = "no-first-picture"

// FirstPictureScript, the page's one inline script (in its head), hides the
// picture when the page will not open the heatmap it shows: when the URL
// carries a link's state (linkState), or the language is not English, which
// it works out as Page.OnInit does: the stored choice, else the first of
// the browser's languages that ParseLang knows (its parse is ParseLang's,
// but for which exotic spaces it trims: JavaScript's and Go's differ).
const FirstPictureScript = `<script id="first-picture">
(() => {
  const parse = (tag) => {
    const t = String(tag || "").trim().replaceAll("_", "-").toLowerCase();
    if (t === "en" || t.startsWith("en-")) return "en";
    if (t === "zh" || t === "zh-hans" || t.startsWith("zh-hans-") || t === "zh-cn" || t === "zh-sg") return "zh-Hans";
    return "";
  };
  let lang = "";
  try {
    lang = parse(localStorage.getItem("` + langStorageKey + `"));
  } catch (e) {}
  for (const t of navigator.languages || []) {
    if (lang) break;
    lang = parse(t);
  }
  if ((lang && lang !== "` + LangEN + `") || location.search.length > 1 || location.hash.length > 1) {
    document.documentElement.classList.add("` + noFirstPicture + `");
  }
})();
</script>`

// FirstHeatmapOption returns the ECharts option of the main heatmap that a
// first visit opens, as the page hands it to ECharts, media rules included.
func FirstHeatmapOption() (string, error) {
	s := DefaultState(LangEN)
	var e attention.Engine
	r, err := e.Run(s.Spec())
	if err != nil {
		return "", err
	}
	h := WeightsHeatmap(r, s.Head, s.Lang, false)
	if h.asPicture() {
		// The example sentence is short enough for the cells' numbers; a
		// longer one would need the cells' picture drawn in as well.
		return "", errors.New("first picture: the example sentence's heatmap is itself a picture; cmd/build draws only options")
	}
	return h.Option()
}
