//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// chartPaints is how many times each of the Learn view's heatmaps now
// painted its canvas, and whether it was on screen at the end.
type chartPaints []struct {
	ID       string `json:"id"`
	Paints   int    `json:"paints"`
	OnScreen bool   `json:"onScreen"`
	Same     bool   `json:"same"` // the chart is still the one counted from the start
}

// countPaints starts counting the paints of every heatmap now of the Learn
// view: each call of its zrender painter's refresh, which draws the chart's
// canvas, whether ECharts was handed an option or the picture alone was
// repainted. Nothing else paints these charts while a test trains without
// moving the pointer.
func (tb *tab) countPaints() {
	tb.t.Helper()
	n := eval[int](tb, `(() => {
		window.__paints = {};
		window.__painted = {};
		for (const el of document.querySelectorAll('.chart[id^="now-"]')) {
			const chart = echarts.getInstanceByDom(el);
			if (!chart) continue;
			const painter = chart.getZr().painter, refresh = painter.refresh;
			window.__paints[el.id] = 0;
			window.__painted[el.id] = chart;
			painter.refresh = function (...args) { window.__paints[el.id]++; return refresh.apply(this, args); };
		}
		// And every chart's ECharts updates, by id, and their time.
		window.__options = {};
		for (const el of document.querySelectorAll(".chart[id]")) {
			const chart = echarts.getInstanceByDom(el);
			if (!chart) continue;
			const setOption = chart.setOption, o = window.__options[el.id] = {n: 0, ms: 0};
			chart.setOption = function (...args) {
				const t = performance.now();
				try { return setOption.apply(this, args); } finally { o.n++; o.ms += performance.now() - t; }
			};
		}
		return Object.keys(window.__paints).length;
	})()`)
	if n == 0 {
		tb.t.Fatal("no heatmap now to count the paints of")
	}
}

// paints returns what countPaints counted.
func (tb *tab) paints() chartPaints {
	tb.t.Helper()
	return eval[chartPaints](tb, `Object.keys(window.__paints).sort().map(id => {
		const el = document.getElementById(id), r = el && el.getBoundingClientRect();
		return {id, paints: window.__paints[id], same: !!el && echarts.getInstanceByDom(el) === window.__painted[id],
			onScreen: !!r && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth};
	})`)
}

// of returns the paints of the chart id; 0 if it was not counted.
func (p chartPaints) of(id string) int {
	for _, c := range p {
		if c.ID == id {
			return c.Paints
		}
	}
	return 0
}

// summary says each chart's paints and paints a second over took, and the
// least a second of those on screen.
func (p chartPaints) summary(took time.Duration) string {
	parts := make([]string, len(p))
	least, shown := -1.0, 0
	for i, c := range p {
		rate := float64(c.Paints) / took.Seconds()
		note := ""
		if c.OnScreen {
			note = ", on screen"
			shown++
			if least < 0 || rate < least {
				least = rate
			}
		}
		if !c.Same {
			note += ", remounted"
		}
		parts[i] = fmt.Sprintf("%s %d (%.1f/s%s)", c.ID, c.Paints, rate, note)
	}
	return fmt.Sprintf("%s; the least of the %d on screen: %.1f a second", strings.Join(parts, ", "), shown, max(least, 0))
}

// countAnswers has the documents the tab opens next count, in
// window.__answers, the messages their Web Workers post to the page: the
// trainer's answers, each of which the Learn view could draw.
func (tb *tab) countAnswers() {
	tb.t.Helper()
	_, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `(() => {
			window.__answers = 0;
			const W = window.Worker;
			window.Worker = function (...args) {
				const w = new W(...args);
				w.addEventListener("message", () => window.__answers++);
				return w;
			};
			window.Worker.prototype = W.prototype;
		})()`})
	if err != nil {
		tb.t.Fatalf("counting the worker's answers: %v", err)
	}
}

// options says how many times ECharts was handed an option, by chart, and
// the time it took (wall time), since countPaints.
func (tb *tab) options() string {
	tb.t.Helper()
	return eval[string](tb, `Object.entries(window.__options).filter(([, o]) => o.n > 0)
		.map(([id, o]) => id + " " + o.n + " (" + o.ms.toFixed(0) + " ms)").join(", ") || "none"`)
}
