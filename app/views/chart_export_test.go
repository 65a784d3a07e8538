package views

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/export"
)

// TestChartTargets checks the charts exported apart: a target for every head
// and the mean, and for every pipeline step, each with an id of its own, an
// option of the step's shape with the tokens as its rows, and a file name
// that holds its view, id and head.
func TestChartTargets(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Heads, s.Causal = "the cat sat on the mat", 4, true
	p := propsOf(t, s, compute.NeedCell|compute.NeedSteps)
	n := len(p.Result.Tokens)
	seen := map[string]bool{}
	heads := headTargets(p)
	if len(heads) != 5 || heads[0].ID != "head-1" || heads[4].ID != "head-mean" || heads[4].Head != state.HeadMean {
		t.Fatalf("headTargets = %+v, want head-1…head-4 and head-mean", heads)
	}
	check := func(tg ChartTarget, opt func(Props, ChartTarget) (string, int, int), rows, cols int) {
		t.Helper()
		if seen[tg.ID] || tg.Name == "" {
			t.Errorf("target %+v: id seen before, or no name", tg)
		}
		seen[tg.ID] = true
		option, r, c := opt(p, tg)
		var o struct {
			YAxis []struct{ Data []string } `json:"yAxis"`
			XAxis []struct{ Data []string } `json:"xAxis"`
		}
		if err := json.Unmarshal([]byte(option), &o); err != nil || len(o.YAxis) == 0 || len(o.XAxis) == 0 {
			t.Fatalf("%s: option %.80q: %v", tg.ID, option, err)
		}
		if r != rows || c != cols || len(o.YAxis[0].Data) != rows || len(o.XAxis[0].Data) != cols ||
			strings.Join(o.YAxis[0].Data, " ") != strings.Join(p.Result.Tokens, " ") {
			t.Errorf("%s: %d×%d, axes %q × %d labels, want %d×%d with the tokens as rows", tg.ID, r, c, o.YAxis[0].Data, len(o.XAxis[0].Data), rows, cols)
		}
	}
	for _, tg := range heads {
		check(tg, headOption, n, n)
	}
	steps := stepTargets(p)
	if len(steps) != len(pipelineSteps) {
		t.Fatalf("%d step targets, want %d", len(steps), len(pipelineSteps))
	}
	for k, tg := range steps {
		rows, cols := pipelineSteps[k].Matrix(p.Result, p.StepHead, p.Scaled).Dims()
		check(tg, stepOption, rows, cols)
	}
	if opt, _, _ := stepOption(p, ChartTarget{ID: "step-nothing"}); opt != "" {
		t.Error("an unknown step has an option")
	}
	l := export.LabelOf(p.Result, p.State.Spec(), export.Matrix(1))
	if got := targetFileName(l, "pipeline", "head-2", "svg"); !strings.HasSuffix(got, "-h2-causal-d16-seed1-pipeline-head-2.svg") {
		t.Errorf("targetFileName = %q, want the label's with head 2, then the view and the id", got)
	}
}
