package page

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// The picture of the first heatmap.
//
// A first visit waits for app.wasm (2.5 MB gzip) to download, compile and
// start before ECharts can draw a chart: seconds on a school's shared
// connection. Meanwhile the page that go-app pre-rendered shows, in the
// main chart, a picture of the heatmap a first visit opens (the example
// sentence, in English, with the default settings): ECharts' own drawing of
// FirstHeatmapOption, which cmd/build makes at build time with ECharts in
// Node and writes to the files of FirstPictures. When the wasm mounts,
// go-app replaces the pre-rendered page, picture and all, with the live
// one, drawn at once.
//
// The picture is ECharts' SVG, the live chart its canvas: they look alike,
// not the same to the pixel. The chart's media rules lay it out by its
// width (its column labels turn, its cells' numbers show, where they fit),
// so there is a picture for each range of widths over which they set the
// same (FirstPictures), and web/app.css shows the one of the chart's width
// with container queries (FirstPictureCSS). Within its range a picture is
// scaled to the chart's size.
//
// The heads' thumbnails of that page are pictures too: inline SVG that the
// pre-rendering writes into their slots (views.AttentionView.Render,
// chart.HeatmapImage.svg), where the wasm's chart.HeatmapGrid draws them later.
//
// The pictures are right only for that page, so FirstPictureScript, in the
// page's head, hides them before the first paint when the page will open
// anything else: a link with settings, or Chinese.

// A FirstPicture is the picture of the first heatmap for one range of the
// main chart's width.
type FirstPicture struct {
	MinWidth, MaxWidth int // the range, in CSS pixels, inclusive; MaxWidth 0 has no bound
	Side               int // the side of the square it is drawn in, in CSS pixels
}

// Path returns the picture's path under the site's root.
func (f FirstPicture) Path() string {
	return "/web/first-heatmap-" + strconv.Itoa(f.Side) + ".svg"
}

// firstPictureSide is the side the pictures are drawn at where their range
// allows: about the chart's width on a laptop. Elsewhere a picture is drawn
// at the width of its range nearest to it.
const firstPictureSide = 600

// noFirstPicture is the class FirstPictureScript gives <html> to hide the
// picture (web/app.css).
const noFirstPicture = "no-first-picture"

// FirstPictureScript, an inline script of the page's head, hides the
// picture when the page will not open the heatmap it shows: when the URL
// carries a link's state (linkState), or the language is not English, which
// it works out as Page.OnInit does: the stored choice, else the first of
// the browser's languages that i18n.ParseLang knows (its parse is i18n.ParseLang's,
// but for which exotic spaces it trims: JavaScript's and Go's differ). It
// also hides it when the student types into the pre-rendered #sentence
// before the wasm has started (window.attnviz is the live page's).
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
  const hide = () => document.documentElement.classList.add("` + noFirstPicture + `");
  if ((lang && lang !== "` + i18n.LangEN + `") || location.search.length > 1 || location.hash.length > 1) {
    hide();
  }
  // A sentence typed before the wasm has started is not the pictured one.
  document.addEventListener("input", (e) => {
    if (!window.attnviz && e.target && e.target.id === "sentence") hide();
  });
})();
</script>`

// FirstPictures returns the pictures of the first heatmap, by increasing
// width: one for each range of the chart's width over which the media rules
// of FirstHeatmapOption set the same.
func FirstPictures() ([]FirstPicture, error) {
	option, err := FirstHeatmapOption()
	if err != nil {
		return nil, err
	}
	var o struct {
		Media []struct {
			Query map[string]int `json:"query"` // minWidth, maxWidth
		} `json:"media"`
	}
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		return nil, err
	}
	// chart.Heatmap.media (app/chart/heatmap.go)'s entries: ranges from 0 up, then the widest, which
	// has no query.
	var pics []FirstPicture
	next := 0
	for _, m := range o.Media {
		if m.Query == nil {
			continue
		}
		lo, hi := m.Query["minWidth"], m.Query["maxWidth"]
		if lo != next || hi < next {
			return nil, fmt.Errorf("first picture: media entry %d–%d does not start at %d", lo, hi, next)
		}
		pics = append(pics, FirstPicture{MinWidth: next, MaxWidth: hi})
		next = hi + 1
	}
	pics = append(pics, FirstPicture{MinWidth: next})
	for i := range pics {
		p := &pics[i]
		p.Side = max(firstPictureSide, p.MinWidth)
		if p.MaxWidth > 0 {
			p.Side = min(p.Side, p.MaxWidth)
		}
	}
	return pics, nil
}

// FirstPictureCSS returns the rules of web/app.css that show pics, the
// pictures of FirstPictures: the one of the chart's width, with the one
// drawn at firstPictureSide where container queries are unknown. A test
// checks that web/app.css has them.
func FirstPictureCSS(pics []FirstPicture) string {
	var b strings.Builder
	def := pics[0]
	for _, p := range pics {
		if p.Side == firstPictureSide {
			def = p
		}
	}
	url := func(p FirstPicture) string { return "url(" + path.Base(p.Path()) + ")" }
	fmt.Fprintf(&b, ".chart-picture-img {\n  background: var(--bg) %s center / contain no-repeat;\n}\n", url(def))
	for _, p := range pics {
		if p == def {
			continue
		}
		// The chart's media rules match its clientWidth, its width
		// rounded: a width of 427.6 px is 428.
		var cond []string
		if p.MinWidth > 0 {
			cond = append(cond, fmt.Sprintf("(width >= %.1fpx)", float64(p.MinWidth)-0.5))
		}
		if p.MaxWidth > 0 {
			cond = append(cond, fmt.Sprintf("(width < %.1fpx)", float64(p.MaxWidth)+0.5))
		}
		fmt.Fprintf(&b, "\n@container %s {\n  .chart-picture-img {\n    background-image: %s;\n  }\n}\n", strings.Join(cond, " and "), url(p))
	}
	return b.String()
}

// FirstHeatmapOption returns the ECharts option of the main heatmap that a
// first visit opens, as the page hands it to ECharts, media rules included.
func FirstHeatmapOption() (string, error) {
	s := state.DefaultState(i18n.LangEN)
	res := new(compute.Computer).Update(s, 0)
	if res.Result == nil {
		return "", fmt.Errorf("first picture: the example sentence is rejected: %v", res.Rejected)
	}
	h := views.WeightsHeatmap(res.Result, res.Head, s.Lang, false)
	if h.AsPicture() {
		// The example sentence is short enough for the cells' numbers; a
		// longer one would need the cells' picture drawn in as well.
		return "", errors.New("first picture: the example sentence's heatmap is itself a picture; cmd/build draws only options")
	}
	return h.Option()
}
