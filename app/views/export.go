package views

import (
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/attention/export"
)

// ExportMenu is the export menu, #export (a <details>): a chart of the view,
// chosen in #export-chart, as PNG or SVG; the result in each format of
// attention/export as a file or on the clipboard; and the link of the view.
// Each export control carries data-export="png|svg|json|csv|text|latex|
// markdown" (data-copy for the clipboard's); #export-status says how the
// last one went, for screen readers too.
type ExportMenu struct {
	app.Compo

	Props Props

	charts []string // the accessible names of the view's charts, read when the menu opens
	ids    []string // their element ids, the export buttons' data-export-chart
	chart  int      // the chosen chart: an index into charts
	status string   // how the last export went
	open   bool     // the menu is open (onToggle)
}

// chartsSelector selects the charts of the view shown that can be exported:
// those with an accessible name (decorative ones have none).
const chartsSelector = `.stage .chart[role="img"]`

// Render returns the menu and its status line.
func (c *ExportMenu) Render() app.UI {
	lang := c.Props.State.Lang
	return app.Div().Class("export").Body(
		app.Details().ID("export").On("toggle", c.onToggle).Body(
			app.Summary().Title(i18n.T(lang, "export.menu.title")).Text(i18n.T(lang, "export.menu")),
			app.Div().Class("export-body").Body(
				c.chartRow(lang),
				c.formatRow(lang, "export.save", "data-export", "export.save.title"),
				c.formatRow(lang, "export.copy", "data-copy", "export.copy.title"),
				c.whichNote(lang), // under the rows it explains
				app.Button().ID("copy-link").Type("button").
					Title(i18n.T(lang, "export.link.title")).
					Text(i18n.T(lang, "export.link")).
					OnClick(c.onCopyLink),
			),
		),
		app.P().ID("export-status").Class("export-status").Role("status").Aria("live", "polite").Text(c.status),
	)
}

// whichKey is the message of whichNote in the view shown: in the compare
// and padding views (and the tour's steps of them), whose charts show more
// weights than Save and Copy hold; "" elsewhere, in cross-attention (the
// weights shown) and before there is a result.
func (c *ExportMenu) whichKey() string {
	s := c.Props.State
	key := map[string]string{state.CompareViewID: "export.which.compare", "padding": "export.which.padding"}[ShownView(s)]
	if res, _ := exportSource(c.Props); res == nil || s.CrossOn() {
		return ""
	}
	if key != "" && s.TrainedOn() {
		key += ".trained"
	}
	return key
}

// whichNote says whose weights Save and Copy hold, where whichKey has a
// message: the first sentence's (the probe's, on a trained layer),
// unpadded, quoted as captions quote it. Its slot keeps its place.
func (c *ExportMenu) whichNote(lang string) app.UI {
	key := c.whichKey()
	return Slot(key != "", func() app.UI {
		quoted, _, _ := strings.Cut(export.Label{Sentence: c.label().Sentence}.Caption(), " · ")
		return app.P().ID("export-which").Class("export-which").Text(i18n.Tf(lang, key, quoted))
	})
}

// chartRow chooses a chart of the view and exports it as PNG or SVG.
func (c *ExportMenu) chartRow(lang string) app.UI {
	options := make([]app.UI, 0, len(c.charts)+1)
	for i, name := range c.charts {
		options = append(options, Choice(strconv.Itoa(i), name, i == c.chart))
	}
	none := len(c.charts) == 0
	if none {
		options = append(options, Choice("", i18n.T(lang, "export.chart.none"), true))
	}
	id := ""
	if c.chart < len(c.ids) {
		id = c.ids[c.chart]
	}
	button := func(kind, title string) app.UI {
		return disabled(app.Button().Type("button").DataSet("export", kind).DataSet("export-chart", id), none).
			Title(i18n.T(lang, title)).Attr("translate", "no").Text(strings.ToUpper(kind)).
			OnClick(func(ctx app.Context, e app.Event) { c.exportChart(ctx, kind) })
	}
	return app.Div().Class("export-row").Body(
		app.Label().For("export-chart").Class("field-name").Text(i18n.T(lang, "export.chart")),
		disabled(app.Select().ID("export-chart"), none).
			On("focus", func(ctx app.Context, e app.Event) { c.readCharts() }).
			OnChange(func(ctx app.Context, e app.Event) {
				c.chart, _ = strconv.Atoi(ctx.JSSrc().Get("value").String())
			}).
			Body(options...),
		button("png", "export.png.title"),
		button("svg", "export.svg.title"),
	)
}

// formatRow is a row of buttons, one per format of attention/export, that
// save (attr data-export) or copy (data-copy) the result in that format.
func (c *ExportMenu) formatRow(lang, name, attr, title string) app.UI {
	buttons := []app.UI{app.Span().Class("field-name").Text(i18n.T(lang, name))}
	none := c.Props.Result == nil
	for _, f := range exportFormats {
		holds := i18n.T(lang, "export.all.heads")
		if f == export.LaTeX || f == export.Markdown {
			holds = i18n.T(lang, "export.shown.head")
		}
		b := disabled(app.Button().Type("button").Attr(attr, string(f)), none).
			Title(i18n.Tf(lang, title, formatName(lang, f)+" ("+holds+")")).
			OnClick(func(ctx app.Context, e app.Event) { c.exportResult(ctx, f, attr == "data-copy") })
		if f == export.Text {
			b = b.Text(formatName(lang, f))
		} else {
			b = b.Attr("translate", "no").Text(formatName(lang, f))
		}
		buttons = append(buttons, b)
	}
	return app.Div().Class("export-row").Role("group").Aria("label", i18n.T(lang, name)+": "+i18n.T(lang, "export.result")).Body(buttons...)
}

// exportFormats are the result's formats, in the menu's order.
var exportFormats = []export.Format{export.JSON, export.CSV, export.Text, export.LaTeX, export.Markdown}

// formatName is the name of f on its button.
func formatName(lang string, f export.Format) string {
	switch f {
	case export.Text:
		return i18n.T(lang, "export.format.text")
	case export.LaTeX:
		return "LaTeX"
	case export.Markdown:
		return "Markdown"
	}
	return strings.ToUpper(string(f))
}

// onToggle reads the view's charts when the menu opens.
func (c *ExportMenu) onToggle(ctx app.Context, e app.Event) {
	if c.open = ctx.JSSrc().Get("open").Bool(); c.open {
		c.readCharts()
	}
}

// readCharts lists the accessible names of the view's charts, those drawn
// as pictures last (export_follow.go).
func (c *ExportMenu) readCharts() {
	c.charts, c.ids = c.charts[:0], c.ids[:0]
	for _, el := range chartElements() {
		c.charts = append(c.charts, el.Call("getAttribute", "aria-label").String())
		c.ids = append(c.ids, el.Get("id").String())
	}
	names, ids := gridTargets() // after the charts: their indexes stay chartElements'
	c.charts, c.ids = append(c.charts, names...), append(c.ids, ids...)
	if c.chart >= len(c.charts) {
		c.chart = 0
	}
}

// chartElements returns the elements of the view's charts.
func chartElements() []app.Value {
	var els []app.Value
	dom.Try(func() {
		list := app.Window().Get("document").Call("querySelectorAll", chartsSelector)
		for i := range list.Length() {
			els = append(els, list.Index(i))
		}
	})
	return els
}

// exportChart saves the chosen chart as kind, "png" or "svg".
func (c *ExportMenu) exportChart(ctx app.Context, kind string) {
	lang := c.Props.State.Lang
	c.readCharts()
	if c.chart < len(c.ids) && strings.HasPrefix(c.ids[c.chart], gridPrefix) {
		c.status = exportGrid(lang, strings.TrimPrefix(c.ids[c.chart], gridPrefix), kind)
		return
	}
	els := chartElements()
	if res, _ := exportSource(c.Props); res == nil || c.chart >= len(els) {
		c.status = i18n.T(lang, "export.chart.failed")
		return
	}
	el := els[c.chart]
	l := labelOfChart(el, c.label())
	name := chartFileName(l, c.Props.State.View, c.chart, kind)
	caption := el.Call("getAttribute", "aria-label").String() + " · " + chartCaption(lang, l)
	done := func(err error) {
		if err != nil {
			app.Log("attnviz: export:", err)
			c.status = i18n.T(lang, "export.chart.failed")
			return
		}
		c.status = i18n.Tf(lang, "export.saved", name)
	}
	if kind == "svg" {
		done(chart.ExportSVG(el, caption, name))
		return
	}
	chart.ExportPNG(el, caption, name, func(err error) {
		ctx.Dispatch(func(app.Context) { done(err) })
	})
}

// exportResult saves or copies the result in format f.
func (c *ExportMenu) exportResult(ctx app.Context, f export.Format, toClipboard bool) {
	lang := c.Props.State.Lang
	if res, _ := exportSource(c.Props); res == nil {
		c.status = i18n.T(lang, "export.nothing")
		return
	}
	name, data, err := resultFile(c.Props, f)
	switch {
	case err != nil:
		app.Log("attnviz: export:", err)
		c.status = i18n.T(lang, "export.failed")
	case toClipboard:
		dom.CopyText(string(data), func(ok bool) {
			ctx.Dispatch(func(app.Context) {
				c.status = i18n.T(lang, "export.copy.failed")
				if ok {
					c.status = i18n.Tf(lang, "export.copied", formatName(lang, f))
				}
			})
		})
	case dom.Download(name, f.MediaType(), data):
		c.status = i18n.Tf(lang, "export.saved", name)
	}
}

// onCopyLink puts the link of the view shown on the clipboard.
func (c *ExportMenu) onCopyLink(ctx app.Context, e app.Event) {
	lang := c.Props.State.Lang
	var link string
	dom.Try(func() {
		loc := app.Window().Get("location")
		link = loc.Get("origin").String() + loc.Get("pathname").String() + "#" + c.Props.State.Encode()
	})
	dom.CopyText(link, func(ok bool) {
		ctx.Dispatch(func(app.Context) {
			c.status = i18n.T(lang, "export.copy.failed")
			if ok {
				c.status = i18n.T(lang, "export.link.copied")
			}
		})
	})
}

// label is what the export's file name and caption say: the sentence, the
// head shown and the settings.
func (c *ExportMenu) label() export.Label {
	res, spec := exportSource(c.Props)
	return trainedLabel(c.Props, export.LabelOf(res, spec, exportMatrix(c.Props, res)))
}

// chartCaption is l's caption (export.Label.Caption) in lang: the sentence
// as Caption shortens it, the head, the mask and the settings.
func chartCaption(lang string, l export.Label) string {
	var parts []string
	if l.Task != "" {
		parts = append(parts, i18n.Tf(lang, "caption.model", taskName(lang, l.Task), l.Step))
	}
	if s, _, _ := strings.Cut(export.Label{Sentence: l.Sentence}.Caption(), " · "); strings.HasPrefix(s, "“") {
		parts = append(parts, s)
	}
	switch {
	case l.Head == export.Mean && l.Heads > 1:
		parts = append(parts, i18n.Tf(lang, "caption.mean", l.Heads))
	case l.Head == export.Mean || l.Heads <= 1:
		parts = append(parts, i18n.T(lang, "caption.one"))
	default:
		parts = append(parts, i18n.Tf(lang, "caption.head", int(l.Head)+1, l.Heads))
	}
	if l.Causal {
		parts = append(parts, i18n.T(lang, "caption.causal"))
	}
	if l.DModel > 0 {
		parts = append(parts, i18n.Tf(lang, "caption.dmodel", l.DModel))
	}
	if l.Seeded {
		parts = append(parts, i18n.Tf(lang, "caption.seed", l.Seed))
	}
	return strings.Join(parts, " · ")
}

// resultFile returns the result of p in format f, and its file name. The
// name names the head shown only for the formats of one matrix (LaTeX,
// Markdown): JSON, CSV and text hold every head.
func resultFile(p Props, f export.Format) (name string, data []byte, err error) {
	res, spec := exportSource(p)
	m := exportMatrix(p, res)
	data, err = export.Bytes(f, res, spec, m)
	l := trainedLabel(p, export.LabelOf(res, spec, m))
	if f != export.LaTeX && f != export.Markdown {
		l.Heads = 1 // a label of one head names none
	}
	return l.FileName(f.Extension()), data, err
}

// chartFileName is the file name of chart k (from 0, in the page's order)
// of view, as ext: Label.FileName, with the view and the chart's number
// added for every chart but the attention view's first, its large heatmap.
func chartFileName(l export.Label, view string, k int, ext string) string {
	name := l.FileName(ext)
	if view == "attention" && k == 0 {
		return name
	}
	base := strings.TrimSuffix(name, "."+ext)
	return base + "-" + view + "-" + strconv.Itoa(k+1) + "." + ext
}
