package views

import (
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/attention/export"
)

// A ChartTarget is one chart of a group that a HeatmapGrid draws (a head's
// thumbnail, a pipeline box): ChartsExport exports it apart, full size.
type ChartTarget struct {
	ID   string // its data-export-chart, and the end of its file's name
	Name string // its name: the menu's row, and the start of its caption
	Head int    // the head it shows (or state.HeadMean), named in the file name and caption
}

// ChartOption returns the option of target t of p, a full-size heatmap
// drawn as cells, and its rows and columns; "" when there is none.
type ChartOption func(p Props, t ChartTarget) (option string, rows, cols int)

// ChartsExport is the export menu of a group of charts drawn as pictures
// by a HeatmapGrid, which have no ECharts instance of their own: a
// <details> (ID) listing each chart with a PNG and an SVG button
// (data-export="png|svg", data-export-chart=<its ID>). Each is drawn apart,
// full size (chart.ExportOptionPNG, ExportOptionSVG), with its name and the
// settings in its caption and its head in its file name. The status line
// under it (data-export-status=<ID>) says how the last export went.
type ChartsExport struct {
	app.Compo

	Props   Props
	ID      string        // the menu's id
	Title   string        // its summary's text
	Targets []ChartTarget // the charts, in the page's order
	Option  ChartOption   // makes a chart's option when it is exported

	status string
}

// Render returns the menu and its status line.
func (c *ChartsExport) Render() app.UI {
	lang := c.Props.State.Lang
	rows := make([]app.UI, 0, len(c.Targets))
	for _, t := range c.Targets {
		rows = append(rows, app.Li().Body(
			app.Span().Class("chart-export-name").Text(t.Name),
			c.button(lang, t, "png"),
			c.button(lang, t, "svg"),
		))
	}
	return app.Div().Class("chart-export").Body(
		app.Details().ID(c.ID).Body(
			app.Summary().Text(c.Title),
			app.Ul().Class("chart-export-list").Body(rows...),
		),
		app.P().Class("export-status").DataSet("export-status", c.ID).
			Role("status").Aria("live", "polite").Text(c.status),
	)
}

// button is the button that saves t as kind, "png" or "svg". Its handler
// reads which chart and format from the button when clicked (go-app keeps
// the first render's handler).
func (c *ChartsExport) button(lang string, t ChartTarget, kind string) app.UI {
	upper := strings.ToUpper(kind)
	return app.Button().Type("button").DataSet("export", kind).DataSet("export-chart", t.ID).
		Attr("translate", "no").Aria("label", upper+": "+t.Name).
		Title(i18n.T(lang, "export."+kind+".title")).Text(upper).
		OnClick(c.onExport)
}

// onExport saves the chart and format of the button clicked.
func (c *ChartsExport) onExport(ctx app.Context, e app.Event) {
	data := ctx.JSSrc().Get("dataset")
	kind, id := data.Get("export").String(), data.Get("exportChart").String()
	p, lang := c.Props, c.Props.State.Lang
	t, found := c.target(id)
	option, rows, cols := "", 0, 0
	if found && p.Result != nil && c.Option != nil {
		option, rows, cols = c.Option(p, t)
	}
	if option == "" {
		c.status = i18n.T(lang, "export.chart.failed")
		return
	}
	l := export.LabelOf(p.Result, p.State.Spec(), export.Matrix(t.Head))
	name := targetFileName(l, p.State.View, t.ID, kind)
	caption := t.Name + " · " + chartCaption(lang, l)
	w, h := exportSize(rows, cols)
	done := func(err error) {
		c.status = i18n.Tf(lang, "export.saved", name)
		if err != nil {
			app.Log("attnviz: export:", err)
			c.status = i18n.T(lang, "export.chart.failed")
		}
	}
	if kind == "svg" {
		done(chart.ExportOptionSVG(option, w, h, caption, name))
		return
	}
	chart.ExportOptionPNG(option, w, h, caption, name, func(err error) {
		ctx.Dispatch(func(app.Context) { done(err) })
	})
}

// target returns the target of id.
func (c *ChartsExport) target(id string) (ChartTarget, bool) {
	for _, t := range c.Targets {
		if t.ID == id {
			return t, true
		}
	}
	return ChartTarget{}, false
}

// exportSize is the size, in CSS pixels, that a chart of rows × cols cells
// is drawn at to be exported apart: room for its labels and colour bar, and
// cells of about 36 px, up to 1600 px a side.
func exportSize(rows, cols int) (w, h int) {
	return min(max(200+36*cols, 480), 1600), min(max(160+36*rows, 400), 1600)
}

// targetFileName is the file name of the chart id of view, as ext: the
// label's (Label.FileName), then the view and id.
func targetFileName(l export.Label, view, id, ext string) string {
	base := strings.TrimSuffix(l.FileName(ext), "."+ext)
	return base + "-" + view + "-" + id + "." + ext
}

// headTargets are the thumbnails of every head of p's result and their
// mean, as thumbHeads orders them.
func headTargets(p Props) []ChartTarget {
	if p.Result == nil {
		return nil
	}
	ids := thumbHeads(p.Result)
	ts := make([]ChartTarget, 0, len(ids))
	for _, id := range ids {
		key := "mean"
		if id != state.HeadMean {
			key = strconv.Itoa(id + 1)
		}
		ts = append(ts, ChartTarget{ID: "head-" + key, Name: headName(p.State.Lang, id), Head: id})
	}
	return ts
}

// headOption is the ChartOption of a head's thumbnail: the head's weights as
// the large heatmap draws them, masked cells striped.
func headOption(p Props, t ChartTarget) (string, int, int) {
	r := p.Result
	h := WeightsHeatmap(r, t.Head, p.State.Lang, false)
	h.MaskedCell, h.DecalMasked = r.Options.Masked, true
	n := len(r.Tokens)
	return chart.OptionOf(h), n, n
}
