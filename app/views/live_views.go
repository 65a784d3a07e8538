package views

import (
	"github.com/attnviz/attnviz/app/chart"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The live drawers (live.go) of the views beside the main one. Each draws,
// in the event of a change, the charts a student looks at first; go-app's
// frame, a task of its own about 10 ms later, then updates the rest of the
// view (tables, captions, secondary charts) and finds these drawn.

// liveSame reports whether p may be drawn at once over shown, the Props the
// frame last rendered: the same view and language, not presenting, with
// charts in both.
func liveSame(shown, p Props) bool {
	return p.Result != nil && shown.Result != nil && p.Rejected.Key == "" &&
		p.State.View == shown.State.View && p.State.Lang == shown.State.Lang &&
		!p.State.Present && !shown.State.Present
}

// OnMount has the page's keystrokes drawn at once, and the view rendered
// alone (alone.go).
func (v *ScalingView) OnMount(ctx app.Context) {
	v.Props.Live.Own(v, v.drawNow)
	v.Props.Alone.View(v, ctx, &v.Props)
}

// OnDismount stops both.
func (v *ScalingView) OnDismount() {
	v.Props.Live.Release(v)
	v.Props.Alone.Release(v)
}

// drawNow draws the heatmap of p at once; the row statistics follow in the
// frame, and the sweep's lines when its runs are done.
func (v *ScalingView) drawNow(p Props) bool {
	main := v.mainChart.Get()
	if !liveSame(v.Props, p) || main == nil || heatmapMinSize(len(p.Result.Tokens)) != main.MinSize {
		return false
	}
	v.buildMain(p)
	return main.DrawNowOf(v.main, v.mainParts, v.mainTip)
}

// OnMount has the page's keystrokes drawn at once, and the view rendered
// alone (alone.go).
func (v *CompareView) OnMount(ctx app.Context) {
	v.Props.Live.Own(v, v.drawNow)
	v.Props.Alone.View(v, ctx, &v.Props)
}

// OnDismount stops both.
func (v *CompareView) OnDismount() {
	v.Props.Live.Release(v)
	v.Props.Alone.Release(v)
}

// drawNow draws the first pair of p that has charts (the two sentences
// and their difference, or else the masks') at once, while each pair stays
// drawable or not and no prediction hides a row; the other pair, further
// down, follows in the frame.
func (v *CompareView) drawNow(p Props) bool {
	shown := v.Props
	if !liveSame(shown, p) || p.State.CrossOn() || shown.State.CrossOn() || p.State.Predict || shown.State.Predict ||
		p.Comparison == nil || shown.Comparison == nil {
		return false
	}
	now, was := p.Comparison, shown.Comparison
	if now.Sentences.OK() != was.Sentences.OK() || now.Masks.OK() != was.Masks.OK() {
		return false // the frame replaces the charts by a message, or back
	}
	i := 0
	if !now.Sentences.OK() {
		if i = 1; !now.Masks.OK() {
			return false // two messages: the frame shows them
		}
	}
	v.build(now, p.State.Lang, -1, false)
	pr := &v.pairs[i]
	a, b, d := v.charts[i][0].Get(), v.charts[i][1].Get(), v.charts[i][2].Get()
	return a != nil && b != nil && d != nil && a.MinSize == pr.minSize &&
		a.DrawNowOf(pr.a, pr.pa, pr.tipA) && b.DrawNowOf(pr.b, pr.pb, pr.tipB) && d.DrawNowOf(pr.diff, pr.pdiff, pr.tipDiff)
}

// drawNow draws both sentences of p's batch at once, while both stay
// drawable; their captions follow in the frame.
func (v *PaddingView) drawNow(p Props) bool {
	if !liveSame(v.Props, p) || p.Batch == nil || v.Props.Batch == nil {
		return false
	}
	was := [2]string{v.sides[0].err, v.sides[1].err}
	v.build(p.Batch, p.State.Lang, p.Head)
	for i := range v.sides {
		c := v.charts[i].Get()
		if s := &v.sides[i]; s.err != "" || was[i] != "" || c == nil || !c.DrawNowOf(s.option, s.parts, s.tip) {
			return false
		}
	}
	return true
}

// drawNow draws the thumbnails of the steps of p at once, and the open
// step's chart; the heads' thumbnails follow in the frame.
func (v *PipelineView) drawNow(p Props) bool {
	shown, grid := v.Props, v.stepGrid.Get()
	if !liveSame(shown, p) || grid == nil || p.State.Step != shown.State.Step {
		return false
	}
	var large *chart.Chart
	if s := stepByID(p.State.Step); s != nil {
		rows, cols := s.Matrix(p.Result, p.StepHead, p.Scaled).Dims()
		if large = v.largeChart.Get(); large == nil || heatmapMinSize(max(rows, cols)) != large.MinSize {
			return false
		}
	}
	v.build(p)
	if !grid.DrawNow(v.thumbs) {
		return false
	}
	return large == nil || large.DrawNowOf(v.large, v.largeParts, v.largeTip)
}

// ref returns the Ref of the heatmap of id, the same each time: a Chart
// keeps the pointer it was given.
func (v *LearnView) ref(id string) *chart.Ref[chart.Chart] {
	if v.charts == nil {
		v.charts = map[string]*chart.Ref[chart.Chart]{}
	}
	r := v.charts[id]
	if r == nil {
		r = &chart.Ref[chart.Chart]{}
		v.charts[id] = r
	}
	return r
}

// OnMount has the page's keystrokes drawn at once, and registers the view
// for the page's redraws while training (learn_redraw.go).
func (v *LearnView) OnMount(ctx app.Context) {
	v.typing.ctx = ctx
	v.Props.Live.Own(v, v.drawNow)
	v.Props.Redraw.own(v, ctx)
}

// OnDismount stops both.
func (v *LearnView) OnDismount() {
	v.Props.Live.Release(v)
	v.Props.Redraw.release(v)
}

// drawNow draws the first head's heatmap of p now at once, a keystroke in
// the probe; the same at step 0, the other heads', the predictions and the
// curves follow in the frame (a heatmap of the probe's few tokens has its
// numbers in its cells, and each takes ECharts several ms).
func (v *LearnView) drawNow(p Props) bool {
	shown := v.Props
	tr, was := p.Training, shown.Training
	if p.State.View != shown.State.View || p.State.Lang != shown.State.Lang || p.State.Present || shown.State.Present ||
		tr == nil || was == nil || tr.Now == nil || was.Now == nil || tr.Task != was.Task || len(v.maps) == 0 ||
		tr.Running != was.Running || tr.Running != v.mapsKey.running {
		// Training starting or stopping: the view's render restyles every
		// head's heatmap (restyle).
		return false
	}
	if p.State.Probe != shown.State.Probe {
		v.typed() // the heatmaps as pictures with their numbers (learn_typing.go)
	}
	v.build(tr, p.State.Lang)
	if len(v.maps) == 0 {
		return false
	}
	m := &v.maps[0]
	now := v.ref(m.nowID).Get()
	return now != nil && now.DrawNowOf("", m.now, m.nowTip)
}
