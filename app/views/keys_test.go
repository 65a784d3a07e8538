package views

import (
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

func TestMoveCell(t *testing.T) {
	for _, tc := range []struct {
		i, j    int
		key     string
		ctrl    bool
		wi, wj  int
		handled bool
	}{
		{2, 2, "ArrowLeft", false, 2, 1, true},
		{2, 2, "ArrowRight", false, 2, 3, true},
		{2, 2, "ArrowUp", false, 1, 2, true},
		{2, 2, "ArrowDown", false, 3, 2, true},
		{0, 0, "ArrowLeft", false, 0, 0, true}, // stops at the edge
		{4, 4, "ArrowDown", false, 4, 4, true},
		{2, 6, "ArrowRight", false, 2, 6, true},
		{2, 3, "Home", false, 2, 0, true},
		{2, 1, "End", false, 2, 6, true},
		{2, 3, "Home", true, 0, 0, true},
		{2, 1, "End", true, 4, 6, true},
		{2, 1, "PageUp", false, 0, 1, true},
		{2, 1, "PageDown", false, 4, 1, true},
		{2, 1, "x", false, 2, 1, false},
	} {
		i, j, ok := moveCell(tc.i, tc.j, 5, 7, tc.key, tc.ctrl)
		if i != tc.wi || j != tc.wj || ok != tc.handled {
			t.Errorf("moveCell(%d, %d, 5×7, %q, %v) = %d, %d, %v; want %d, %d, %v", tc.i, tc.j, tc.key, tc.ctrl, i, j, ok, tc.wi, tc.wj, tc.handled)
		}
	}
}

func TestNextHead(t *testing.T) {
	// 3 heads: 0 → 1 → 2 → mean → 0.
	order := []int{0, 1, 2, state.HeadMean}
	for k, h := range order {
		next, prev := order[(k+1)%4], order[(k+3)%4]
		if got := nextHead(h, 3, true); got != next {
			t.Errorf("nextHead(%d, forward) = %d, want %d", h, got, next)
		}
		if got := nextHead(h, 3, false); got != prev {
			t.Errorf("nextHead(%d, back) = %d, want %d", h, got, prev)
		}
	}
}

func TestNextView(t *testing.T) {
	views := []string{"a", "b", "c"}
	for _, tc := range []struct {
		view    string
		forward bool
		want    string
	}{{"a", true, "b"}, {"c", true, "a"}, {"a", false, "c"}, {"b", false, "a"}} {
		if got := nextView(views, tc.view, tc.forward); got != tc.want {
			t.Errorf("nextView(%q, %v) = %q, want %q", tc.view, tc.forward, got, tc.want)
		}
	}
	if got := nextView(nil, "a", true); got != "" {
		t.Errorf("nextView(nil) = %q", got)
	}
}

// TestDescribeCell checks the announcement of a cell against the result's
// own tokens and weight, and that a masked cell says so.
func TestDescribeCell(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Causal = true
	s.Head = 1
	p := propsOf(t, s, 0)
	k := (&HeatmapKeys{Props: p, Chart: &chart.Chart{}}).Render().(*CellWalk)
	got := k.describe(2, 1)
	w := p.Result.Heads[1].Weights.At(2, 1)
	for _, want := range []string{"query “" + p.Result.Tokens[2] + "” (3)", "key “" + p.Result.Tokens[1] + "” (2)", "Head 2", formatFixed(w, 2)} {
		if !strings.Contains(got, want) {
			t.Errorf("describe(2, 1) = %q, lacks %q", got, want)
		}
	}
	if strings.Contains(got, "masked") {
		t.Errorf("describe(2, 1) = %q: the cell is not masked", got)
	}
	if got := k.describe(1, 2); !strings.HasSuffix(got, ", masked") {
		t.Errorf("describe(1, 2) = %q: the causal mask hides key 3 from query 2", got)
	}
}

func formatFixed(v float64, digits int) string {
	return strconv.FormatFloat(v, 'f', digits, 64)
}

// TestParseHeadKey checks that parseHeadKey reads what state.HeadKey
// writes, and refuses anything else.
func TestParseHeadKey(t *testing.T) {
	for _, h := range []int{0, 1, 7, state.HeadMean} {
		if got, ok := parseHeadKey(state.HeadKey(h)); !ok || got != h {
			t.Errorf("parseHeadKey(%q) = %d, %v; want %d", state.HeadKey(h), got, ok, h)
		}
	}
	for _, k := range []string{"", "-2", "x", "1.5"} {
		if _, ok := parseHeadKey(k); ok {
			t.Errorf("parseHeadKey(%q) accepted", k)
		}
	}
}

// TestShortcutViewTour checks that v and V go into and out of the guided
// tour as its tab does: into it at step 1 (v showed "The tour has no
// step"), out of it without its step number (which stayed in the link, a
// pipeline step that does not exist).
func TestShortcutViewTour(t *testing.T) {
	ids := []string{"attention", "pipeline", MyTourViewID, state.TourViewID}
	s := state.DefaultState(i18n.LangEN)
	s.View = MyTourViewID
	k := &Shortcuts{Props: Props{State: s}, Views: ids}
	k.change("v")(&s)
	if n, ok := s.TourStep(); s.View != state.TourViewID || !ok || n != 1 {
		t.Errorf("v from My tour: view %q, step %q, want the tour's step 1", s.View, s.Step)
	}
	GoToTourStep(&s, 3)
	k.Props.State = s
	k.change("v")(&s)
	if s.View != "attention" || s.Step != "" {
		t.Errorf("v from the tour's step 3: view %q, step %q, want the attention view without a step", s.View, s.Step)
	}
}
