package chart

import (
	"encoding/json"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"
)

// MarkWarmBases is the performance mark WarmBases leaves when it is done.
const MarkWarmBases = "attnviz:warm-bases"

// warmBaseSteps are WarmBases' steps: the option types of a heatmap's base,
// inner ones first, then a whole base of a small heatmap.
var warmBaseSteps = []func(){
	func() { warmEncode(&chartTooltip{TextStyle: &opts.TextStyle{}}) },
	func() { warmEncode(&chartGrid{}) },
	func() {
		warmEncode(&chartXAxis{XAxis: opts.XAxis{AxisTick: &opts.AxisTick{}, AxisLine: &opts.AxisLine{}}, AxisLabel: &chartAxisLabel{}})
	},
	func() {
		warmEncode(&chartYAxis{YAxis: opts.YAxis{AxisLine: &opts.AxisLine{}}, AxisLabel: &chartAxisLabel{}})
	},
	func() {
		warmEncode(&chartVisualMap{VisualMap: opts.VisualMap{InRange: &opts.VisualMapInRange{}, TextStyle: &opts.TextStyle{}}})
	},
	func() {
		warmEncode(&chartSeries{Label: &chartLabel{Rich: cellLabelRich}, ItemStyle: &opts.ItemStyle{}, Emphasis: &opts.Emphasis{}})
	},
	func() {
		h := Heatmap{Values: mat.NewDense(2, 2, nil), Rows: []string{"a", "b"}, Cols: []string{"a", "b"}, Max: 1, CellLabels: true}
		l := h.labelLayout(14)
		h.baseOption(14, l, l.grid(false), Viridis)
	},
}

// warmEncode encodes v, for encoding/json to build its encoders.
func warmEncode(v any) {
	if _, err := json.Marshal(v); err != nil {
		panic(err) // opts types always encode
	}
}

// WarmBases makes, one step per idle period of the browser, what the first
// base a page makes itself (Heatmap.base) would otherwise make in the
// keystroke or switch that needs it: encoding/json's encoders of the
// option's types (built by reflection, once a type), and V8's compilation
// of the code that encodes them (each WebAssembly function compiled at its
// first call). Together about 70 ms of CPU at a first keystroke that
// changed the number of tokens (docs/performance.md, "Switching into views
// (session 12)"). It touches no cache. At the end it leaves the mark
// MarkWarmBases.
func WarmBases() {
	if app.IsServer {
		return
	}
	i := 0
	var step app.Func
	step = dom.Func(func(app.Value, []app.Value) any {
		warmBaseSteps[i]()
		if i++; i == len(warmBaseSteps) {
			step.Release()
			dom.Mark(MarkWarmBases)
			return nil
		}
		whenIdle(step)
		return nil
	})
	whenIdle(step)
}

// whenIdle has the browser call f in its next idle period (within 2 s),
// or after 50 ms without requestIdleCallback.
func whenIdle(f app.Func) {
	dom.Try(func() {
		w := app.Window()
		if w.Get("requestIdleCallback").Truthy() {
			w.Call("requestIdleCallback", f, map[string]any{"timeout": 2000})
			return
		}
		w.Call("setTimeout", f, 50)
	})
}
